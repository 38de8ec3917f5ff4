// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant 64 -> !transform.param<i64>
    %q = transform.param.constant 16 -> !transform.param<i64>
    %all = transform.merge_handles %p, %q : !transform.param<i64>
    %blocks = transform.sched.exact_divide %all by 16 : !transform.param<i64>
    // expected-remark @below {{4 : i64, 1 : i64}}
    transform.debug.emit_param_as_remark %blocks : !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant 24 -> !transform.param<i64>
    // expected-error @below {{24 is not a multiple of 16}}
    %blocks = transform.sched.exact_divide %p by 16 : !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant "text" -> !transform.any_param
    // expected-error @below {{expected integer params, got "text"}}
    %blocks = transform.sched.exact_divide %p by 16 : !transform.any_param
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant 24 -> !transform.param<i64>
    // expected-error @below {{attribute 'divisor' failed to satisfy constraint}}
    %blocks = transform.sched.exact_divide %p by 0 : !transform.param<i64>
    transform.yield
  }
}
