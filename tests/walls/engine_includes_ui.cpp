// Must not compile: the engine knows nothing of the UI.
#include "ui/session/snapshot_source.h"
