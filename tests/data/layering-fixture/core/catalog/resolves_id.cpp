// The catalog itself resolves ids: the same look-up here is no problem.
double memoryOf(const Catalog& catalog, const Scenario& s) {
    return catalog.gpu(s.cluster.gpu)->visibleGib;
}
