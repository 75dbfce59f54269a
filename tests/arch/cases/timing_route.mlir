// RUN: ktc-arch route A C
// Routes take the least total latency, then the fewest hops: A -> B -> C
// (2 + 2 cycles) beats the direct link (10 cycles).
ktdf_arch.device @weighted {
  %a = memory {kind = "A"}
  %b = exec_unit {kind = "B"}
  %c = exec_unit {kind = "C"}
  datapath {ktdf_arch.latency = 10} %a to %c : memory, exec_unit
  datapath {ktdf_arch.latency = 2} %a to %b : memory, exec_unit
  datapath {ktdf_arch.latency = 2} %b to %c : exec_unit, exec_unit
}
