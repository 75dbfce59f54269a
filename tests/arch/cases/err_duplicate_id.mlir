// RUN: ktc-arch summary
ktdf_arch.device @dup {
  %a = memory @m {kind = "A"}
  group share() {
    %b = memory @m {kind = "B"}
  }
}
