// The shims are inline functions in the header; this file gives the C target a source.
#include "RACSwiftRuntimeShims.h"
