;; Hamming distances between one binary code and many, with 128-bit SIMD: the first stage of vector search.
;; Codes are `bytes` long (a multiple of 16, zero-padded), one after another from `codes`. A code whose scope
;; is not allowed (when `filter` is 1) gets 0xFFFF and stays out of the histogram.
;; Built into hammingKernel.ts by scripts/buildKernels.mjs; tests/unit/main/docs/codes.test.ts checks that
;; the committed module is this source's.
(module
  (memory (export "memory") 1)

  ;; distances[i] = popcount(query XOR codes[i]); histogram[d] counts the codes at distance d.
  (func (export "hamming")
    (param $query i32) (param $codes i32) (param $n i32) (param $bytes i32)
    (param $scopes i32) (param $allowed i32) (param $filter i32)
    (param $distances i32) (param $histogram i32)
    (local $i i32) (local $at i32) (local $j i32) (local $sum v128) (local $d i32) (local $slot i32)
    (local.set $at (local.get $codes))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $slot (i32.add (local.get $distances) (i32.shl (local.get $i) (i32.const 1))))
        (if (i32.and
              (local.get $filter)
              (i32.eqz (i32.load8_u (i32.add (local.get $allowed)
                (i32.load (i32.add (local.get $scopes) (i32.shl (local.get $i) (i32.const 2))))))))
          (then (i32.store16 (local.get $slot) (i32.const 0xFFFF)))
          (else
            (local.set $sum (v128.const i32x4 0 0 0 0))
            (local.set $j (i32.const 0))
            (block $end
              (loop $chunk
                (br_if $end (i32.ge_u (local.get $j) (local.get $bytes)))
                (local.set $sum (i16x8.add (local.get $sum)
                  (i16x8.extadd_pairwise_i8x16_u (i8x16.popcnt (v128.xor
                    (v128.load (i32.add (local.get $at) (local.get $j)))
                    (v128.load (i32.add (local.get $query) (local.get $j))))))))
                (local.set $j (i32.add (local.get $j) (i32.const 16)))
                (br $chunk)))
            (local.set $sum (i32x4.extadd_pairwise_i16x8_u (local.get $sum)))
            (local.set $d (i32.add
              (i32.add (i32x4.extract_lane 0 (local.get $sum)) (i32x4.extract_lane 1 (local.get $sum)))
              (i32.add (i32x4.extract_lane 2 (local.get $sum)) (i32x4.extract_lane 3 (local.get $sum)))))
            (i32.store16 (local.get $slot) (local.get $d))
            (local.set $d (i32.add (local.get $histogram) (i32.shl (local.get $d) (i32.const 2))))
            (i32.store (local.get $d) (i32.add (i32.load (local.get $d)) (i32.const 1)))))
        (local.set $at (i32.add (local.get $at) (local.get $bytes)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  ;; Writes to `out` the positions at a distance under `cut`, and the first `atCut` at exactly `cut`, in
  ;; order; returns how many.
  (func (export "collect")
    (param $distances i32) (param $n i32) (param $cut i32) (param $atCut i32) (param $out i32) (result i32)
    (local $i i32) (local $k i32) (local $d i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $d (i32.load16_u (i32.add (local.get $distances) (i32.shl (local.get $i) (i32.const 1)))))
        (if (i32.or
              (i32.lt_u (local.get $d) (local.get $cut))
              (i32.and (i32.eq (local.get $d) (local.get $cut)) (i32.gt_s (local.get $atCut) (i32.const 0))))
          (then
            (if (i32.eq (local.get $d) (local.get $cut))
              (then (local.set $atCut (i32.sub (local.get $atCut) (i32.const 1)))))
            (i32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (local.get $i))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $k)))
