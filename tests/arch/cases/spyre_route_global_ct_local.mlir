// RUN: ktc-arch --device=spyre route global ct_local
// Memory spaces route through the memories they map to.
