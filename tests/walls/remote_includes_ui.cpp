// Must not compile: what live servers publish is read without the UI.
#include "ui/attach/attach_panel.h"
