module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    transform.sched.test_fault %root kind = "run_crash" : !transform.any_op
    transform.yield
  }
}
