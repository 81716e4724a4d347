#ifndef URN_CLIBXML2_SHIM_H
#define URN_CLIBXML2_SHIM_H

/* libxml2: AndroidManifest.xml files are read by a real XML parser (urn-routes(5)). */
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and then encoding.h includes the system's ICU headers,
 * whose UErrorCode clashes with the copy in Foundation's _FoundationICU in any module that sees
 * both (a test target). urn never touches the converter structures those headers declare. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function pointer, which Swift 6 will not read from concurrent code. */
static inline void urn_xml_free(void *pointer) { xmlFree(pointer); }

#endif
