#!/usr/bin/env python3
"""Writes the NumPy float cases of tests/display.rs (between the markers
`// BEGIN NUMPY FLOAT CASES` and `// END NUMPY FLOAT CASES`).

Each expected string is `np.array2string(a, separator=', ')` of real NumPy
(2.x) (for the `{:.p}` cases `np.array2string(a, separator=', ',
precision=p, floatmode='fixed')`), written literally into the test file; the element values are written
as Rust literals (shortest round-trip repr) or, for long arrays, as a
formula computed identically (one IEEE operation per element) on both sides.

    python3 tests/gen/numpy_display.py   # rewrites tests/display.rs in place
"""
import random
import re
import sys
from pathlib import Path

import numpy as np

random.seed(19)
cases = []  # (name, dtype, shape, values or formula, note)


def rty(dt):
    return "f64" if dt is np.float64 else "f32"


def lit(x, dt):
    x = dt(x)
    if np.isnan(x):
        return f"{rty(dt)}::NAN"
    if np.isinf(x):
        return f"{rty(dt)}::{'NEG_' if x < 0 else ''}INFINITY"
    # The shortest decimal that reads back to this value (f32's own for f32).
    r = repr(float(x)) if dt is np.float64 else np.format_float_scientific(x, unique=True)
    r = r.replace(".e", "e")  # Rust wants a digit after the point
    assert dt(r) == x
    return r


def add(name, vals, shape=None, dtypes=(np.float64, np.float32)):
    for dt in dtypes:
        a = np.array(vals, dtype=dt)
        if shape is not None:
            a = a.reshape(shape)
        cases.append((f"{name}_{dt.__name__}", dt, a, None))


def add_formula(name, n, shape, py, rs, dtypes=(np.float64, np.float32)):
    for dt in dtypes:
        i = np.arange(n, dtype=dt)
        a = eval(py, {"i": i, "np": np, "dt": dt}).astype(dt).reshape(shape)
        ty = "f64" if dt is np.float64 else "f32"
        cases.append((f"{name}_{dt.__name__}", dt, a, rs.replace("T", ty)))


nan, inf = float("nan"), float("inf")
# The issue's examples and NumPy's documented behaviour.
add("issue_mixed", [25 / 6, 4.5, 1 / 3, 2.0], [2, 2])
add("issue_integral_and_fraction", [100, 203.3, 7, 0.25], [2, 2])
add("integral", [1, 2, 3])
add("integral_negative", [-1, 0, 17])
add("neg_zero", [-0.0, 1.0])
add("zeros", [0.0, 0.0, 0.0])
add("halves", [0.5, -1.25])
add("thirds", [1 / 3, 2 / 3, 1.0])
add("tenth", [0.1, 0.2, 0.3])
add("sum_tenths", [0.1 + 0.2, 0.7])
add("round_up_carry", [0.999999999, 1.5])
add("tie", [0.001953125, 0.5])
add("large_fixed", [12345678.9, 1.5])
add("just_below_1e8", [99999999.0, 1.0])
add("at_1e8", [1e8, 1.0])
add("sci_large", [1e10])
add("sci_large_and_tiny", [1e10, 1.5e-5])
add("sci_tiny", [1.5e-5, 2.25e-7])
add("sci_ratio", [1.0, 1001.0])
add("ratio_1000", [1.0, 1000.0])
add("min_1e_minus4", [1e-4, 1.0])
add("below_1e_minus4", [9.9e-5, 1.0])
add("sci_exp3", [1e100, 1.5e-5], dtypes=(np.float64,))
add("sci_huge_tiny", [1e-300, 1e300], dtypes=(np.float64,))
add("sci_negative", [-1.5e10, 2.0, -3.25e-3])
add("sci_nan", [0.1, 1e-5, nan])
add("sci_inf", [1e-5, -inf, 3.0])
add("nan_only", [nan])
add("nan_inf", [nan, inf])
add("nan_neginf", [nan, -inf])
add("nan_inf_numbers", [nan, 1.5, -inf])
add("inf_integral", [inf, 1.0, 2.0])
add("nan_long_fraction", [nan, 0.123456789])
add("pi_e", [np.pi, np.e, -np.pi])
add("f32_shortest", [0.1, 1.1, 16777217.0])
add("max_prec", [1.23456789012, 2.0])
add("rank0", 1.5, shape=())
add("rank0_integral", 1.0, shape=())
add("rank0_nan", nan, shape=())
add("rank0_sci", 1e20, shape=())
add("empty", [], shape=(0,))
add("empty_2x0", [], shape=(2, 0))
add("rank3", [i / 4 - 1 for i in range(12)], [2, 3, 2])
add("rank3_sci", [10.0 ** (i - 6) for i in range(8)], [2, 2, 2])
# Random arrays: mixed magnitudes, signs, integral values, nan and inf.
for k in range(40):
    rank = random.choice([1, 1, 2, 2, 3])
    shape = [random.randint(1, 4) for _ in range(rank)]
    n = int(np.prod(shape))
    lo, hi = sorted(random.sample(range(-7, 10), 2))
    vals = []
    for _ in range(n):
        r = random.random()
        x = random.uniform(0.5, 9.5) * 10.0 ** random.randint(lo, hi)
        if r < 0.2:
            x = float(round(x))
        if random.random() < 0.3:
            x = -x
        if random.random() < 0.05:
            x = random.choice([nan, inf, -inf, 0.0])
        vals.append(x)
    add(f"random{k}", vals, shape)
# Long arrays: wrapping at 75 columns, summarized past 1000 elements.
add_formula("wrap_1d", 40, (40,), "i / dt(7)", "|i| i as T / 7.0")
add_formula("wrap_2d", 60, (3, 20), "i * dt(0.37)", "|i| i as T * 0.37")
add_formula("summarized_1d", 2000, (2000,), "i / dt(3)", "|i| i as T / 3.0")
add_formula("summarized_2d", 3000, (30, 100), "i * dt(1.5)", "|i| i as T * 1.5")
add_formula("summarized_3d", 2400, (10, 12, 20), "i - dt(1000)", "|i| i as T - 1000.0")
add_formula("summarized_sci", 1200, (1200,), "(i + dt(1)) * dt(1e5)", "|i| (i as T + 1.0) * 1e5")


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


out = []
for name, dt, a, formula in cases:
    ty = "f64" if dt is np.float64 else "f32"
    exp = np.array2string(a, separator=", ")
    shape = ", ".join(str(d) for d in a.shape)
    n = len(a.shape)
    out.append("#[test]")
    out.append(f"fn np_{name}() {{")
    if formula is None:
        vals = ", ".join(lit(x, dt) for x in a.ravel())
        out.append(f"    let data: Vec<{ty}> = vec![{vals}];")
    else:
        out.append(f"    let data: Vec<{ty}> = (0..{a.size}).map({formula}).collect();")
    out.append(f"    let a = StridedArray::<{ty}, {n}>::from_vec([{shape}], data).unwrap();")
    out.append(f"    assert_eq!(a.to_string(), {rust_str(exp)});")
    out.append("}")
    out.append("")

# `{:.p}`: NumPy's floatmode='fixed' with precision p (exactly p fraction
# digits), on the named cases (p = 2), the random ones (p = 0 and 3) and
# two long ones (p = 2).
fixed = []
for name, dt, a, formula in cases:
    if name.startswith("random"):
        ps = (0, 3)
    elif formula is None or name.startswith(("wrap_2d", "summarized_1d")):
        ps = (2,)
    else:
        ps = ()
    for p in ps:
        fixed.append((name, dt, a, formula, p))
for name, dt, a, formula, p in fixed:
    ty = "f64" if dt is np.float64 else "f32"
    exp = np.array2string(a, separator=", ", precision=p, floatmode="fixed")
    shape = ", ".join(str(d) for d in a.shape)
    n = len(a.shape)
    out.append("#[test]")
    out.append(f"fn np_fixed{p}_{name}() {{")
    if formula is None:
        vals = ", ".join(lit(x, dt) for x in a.ravel())
        out.append(f"    let data: Vec<{ty}> = vec![{vals}];")
    else:
        out.append(f"    let data: Vec<{ty}> = (0..{a.size}).map({formula}).collect();")
    out.append(f"    let a = StridedArray::<{ty}, {n}>::from_vec([{shape}], data).unwrap();")
    out.append(f"    assert_eq!(format!(\"{{a:.{p}}}\"), {rust_str(exp)});")
    out.append("}")
    out.append("")

path = Path(__file__).resolve().parent.parent / "display.rs"
text = path.read_text()
begin = "// BEGIN NUMPY FLOAT CASES (tests/gen/numpy_display.py, NumPy " + np.__version__ + ")\n"
end = "// END NUMPY FLOAT CASES\n"
m = re.search(r"// BEGIN NUMPY FLOAT CASES[^\n]*\n.*// END NUMPY FLOAT CASES\n", text, re.S)
block = begin + "\n".join(out) + end
text = text[: m.start()] + block + text[m.end():] if m else text + "\n" + block
path.write_text(text)
print(f"{len(cases)} cases", file=sys.stderr)
