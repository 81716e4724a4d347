#ifndef URN_CYAML_SHIM_H
#define URN_CYAML_SHIM_H

/* libyaml: OpenAPI documents written in YAML are read through its event API (urn-routes(5)
 * OPENAPI TABLES), into urn's own small model of what routing needs. */
#include <yaml.h>

#endif
