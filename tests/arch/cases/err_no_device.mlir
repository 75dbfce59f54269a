// RUN: ktc-arch summary
// A description file must hold a device.
func.func private @f()
