// The program of a floor's link check (cmake/clusterplan_floors.cmake): linking it is the check; it
// is never run.
int main() {
    return 0;
}
