// RUN: tuner-test-opt %s --split-input-file --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    // expected-error @below {{unknown fault kind 'explode'}}
    transform.sched.test_fault %root kind = "explode" : !transform.any_op
    transform.yield
  }
}
