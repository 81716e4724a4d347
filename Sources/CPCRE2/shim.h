#ifndef URN_CPCRE2_SHIM_H
#define URN_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* PCRE2_UNSET is a macro of a cast expression that Swift cannot import. */
static inline size_t urn_pcre2_unset(void) { return PCRE2_UNSET; }

#endif
