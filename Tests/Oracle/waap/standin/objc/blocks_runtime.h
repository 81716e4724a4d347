/* GNUstep Base asks for libobjc2's blocks header; Debian's runtime is GCC's, so use
   libBlocksRuntime's (libblocksruntime-dev) instead. */
#include <Block.h>
