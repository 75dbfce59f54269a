// A producer unit signals its consumer; the consumer waits.
func.func @sync(%a: index, %b: index) {
  dataflow.program_unit %a : {
    dataflow.sync_send %b {wait_immediately_for_async_transfers = true} : index
  }
  dataflow.program_unit %b : {
    dataflow.sync_recv %a : index
  }
  return
}
