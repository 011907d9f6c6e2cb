# The Debian package (CPack DEB generator, works offline): `bash packaging/build.sh deb` runs cpack in
# build/ and writes build/clusterplan_<version>_amd64.deb, installed under /usr.
set(CPACK_PACKAGE_NAME clusterplan)
set(CPACK_PACKAGE_VENDOR "ClusterPlan developers")
set(CPACK_PACKAGE_CONTACT "${CLUSTERPLAN_MAINTAINER}")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/clusterplan/clusterplan")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Lines of at most 80 characters: CPack copies them into the control file as they are.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "ClusterPlan answers, with numbers and their sources, whether a large language"
  "model's training job fits on a GPU cluster and where the memory of each GPU"
  "goes (weights, gradients, optimizer states, activations) under ZeRO/FSDP with"
  "tensor, pipeline, sequence, context and expert parallelism. It predicts step"
  "time, tokens/s and MFU from a roofline model calibrated on published runs,"
  "searches every valid parallel layout and compares renting with buying the"
  "cluster. The package contains the window (clusterplan) and the command line"
  "tool (clusterplan-cli).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)  # the build is RelWithDebInfo
# Directories 0755 whatever the umask of the build (lintian: non-standard-dir-perm).
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # clusterplan_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Library dependencies come from the binaries (dpkg-shlibdeps; libsqlite3-0 for the quote book among
# them). Not visible to it: the Qt platform
# plugins (xcb, wayland) that QApplication loads at run time, and the CJK font that Chinese labels
# and reports need (fonts-wqy-microhei, not fonts-noto-cjk, which breaks pdftotext on the PDF).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, fonts-wqy-microhei")
# Qt's own dialog texts (file chooser, standard buttons) in Chinese; ClusterPlan's are embedded.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
include(CPack)
