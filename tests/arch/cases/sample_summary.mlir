// RUN: ktc-arch --device=sample summary
// The embedded sample device: one core, two corelets, the reference's units.
