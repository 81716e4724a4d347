#ifndef URN_CIDN2_SHIM_H
#define URN_CIDN2_SHIM_H

/* libidn2: IDNA 2008 and UTS #46 (host names to and from their ASCII form). */
#include <idn2.h>

#endif
