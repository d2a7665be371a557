;; An f64 kept on the operand stack across a loop (a loop with a parameter): after
;; IPInt tiers up to BBQ by loop OSR entry, the value comes out as its bits read as an
;; integer (2.718... becomes 4613303445314886000) in JSC 2.50.6.
(module
  (global $factor (mut f64) (f64.const 1.0))
  (func (export "test") (param $iterations i32) (result f64)
    (local $counter i32)
    (f64.const 2.718281828459045)
    (loop $continue (param f64) (result f64)
      (global.get $factor)
      (f64.mul)
      (local.set $counter (i32.add (local.get $counter) (i32.const 1)))
      (local.get $counter)
      (local.get $iterations)
      (i32.lt_u)
      (if (param f64) (result f64)
        (then (br $continue))
        (else)))))
