// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant 96 -> !transform.param<i64>
    %q = transform.param.constant 128 -> !transform.param<i64>
    %r = transform.param.constant 0 -> !transform.param<i64>
    %all = transform.merge_handles %p, %q, %r : !transform.param<i64>
    %rounded = transform.sched.next_power_of_two %all : !transform.param<i64>
    // expected-remark @below {{128 : i64, 128 : i64, 1 : i64}}
    transform.debug.emit_param_as_remark %rounded : !transform.param<i64>
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %p = transform.param.constant "text" -> !transform.any_param
    // expected-error @below {{expected integer params, got "text"}}
    %rounded = transform.sched.next_power_of_two %p : !transform.any_param
    transform.yield
  }
}
