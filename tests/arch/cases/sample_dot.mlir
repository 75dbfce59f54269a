// RUN: ktc-arch --device=sample dot
// The instance graph with a cluster per group.
