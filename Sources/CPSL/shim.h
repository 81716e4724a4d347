#ifndef URN_CPSL_SHIM_H
#define URN_CPSL_SHIM_H

/* libpsl: the public suffix list (registrable domains, public suffixes). */
#include <libpsl.h>

#endif
