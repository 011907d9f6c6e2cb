// A study above the catalog that looks a GPU up by its id: the check reports it.
double memoryOf(const Catalog& catalog, const Scenario& s) {
    return catalog.gpu(s.cluster.gpu)->visibleGib;
}
