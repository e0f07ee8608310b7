//! `Display` against NumPy's `np.array2string(a, separator=', ')`, the
//! expected strings produced by NumPy 2.x and written down literally.
//! The float cases between the `NUMPY FLOAT CASES` markers are written by
//! `tests/gen/numpy_display.py`: element values as the shortest literals
//! that read back to them (so `3.141592653589793`, not `PI`).
#![allow(clippy::approx_constant)]

use constrided::s as cs;
use constrided::{Layout, StridedArray, StridedView, StridedViewMut};

// NumPy's arange(start, start + numel).reshape(shape).
fn arange<const N: usize>(start: i64, shape: [usize; N]) -> StridedArray<i64, N> {
    let mut k = start;
    StridedArray::from_shape_fn(shape, |_| {
        k += 1;
        k - 1
    })
}

#[test]
fn empty_1d() {
    // NumPy: np.array2string(np.zeros((0,),dtype=int), separator=', ')
    let v = arange::<1>(0, [0]);
    assert_eq!(v.to_string(), "[]");
}

#[test]
fn empty_2d() {
    // NumPy: np.array2string(np.zeros((2,0),dtype=int), separator=', ')
    let v = arange::<2>(0, [2, 0]);
    assert_eq!(v.to_string(), "[]");
}

#[test]
fn empty_3d() {
    // NumPy: np.array2string(np.zeros((0,3,2),dtype=int), separator=', ')
    let v = arange::<3>(0, [0, 3, 2]);
    assert_eq!(v.to_string(), "[]");
}

#[test]
fn rank0() {
    // NumPy: np.array2string(np.array(5), separator=', ')
    let v = arange::<0>(5, []);
    assert_eq!(v.to_string(), "5");
}

#[test]
fn rank0_negative() {
    // NumPy: np.array2string(np.array(-7), separator=', ')
    let v = arange::<0>(-7, []);
    assert_eq!(v.to_string(), "-7");
}

#[test]
fn rank1() {
    // NumPy: np.array2string(np.arange(5), separator=', ')
    let v = arange::<1>(0, [5]);
    assert_eq!(v.to_string(), "[0, 1, 2, 3, 4]");
}

#[test]
fn rank1_wraps() {
    // NumPy: np.array2string(np.arange(30), separator=', ')
    let v = arange::<1>(0, [30]);
    assert_eq!(v.to_string(), "[ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]");
}

#[test]
fn rank1_wide_wraps() {
    // NumPy: np.array2string(np.arange(100000, 100040), separator=', ')
    let v = arange::<1>(100000, [40]);
    assert_eq!(v.to_string(), "[100000, 100001, 100002, 100003, 100004, 100005, 100006, 100007, 100008,\n 100009, 100010, 100011, 100012, 100013, 100014, 100015, 100016, 100017,\n 100018, 100019, 100020, 100021, 100022, 100023, 100024, 100025, 100026,\n 100027, 100028, 100029, 100030, 100031, 100032, 100033, 100034, 100035,\n 100036, 100037, 100038, 100039]");
}

#[test]
fn rank2() {
    // NumPy: np.array2string(np.arange(6).reshape(2,3), separator=', ')
    let v = arange::<2>(0, [2, 3]);
    assert_eq!(v.to_string(), "[[0, 1, 2],\n [3, 4, 5]]");
}

#[test]
fn rank3() {
    // NumPy: np.array2string(np.arange(24).reshape(2,3,4), separator=', ')
    let v = arange::<3>(0, [2, 3, 4]);
    assert_eq!(v.to_string(), "[[[ 0,  1,  2,  3],\n  [ 4,  5,  6,  7],\n  [ 8,  9, 10, 11]],\n\n [[12, 13, 14, 15],\n  [16, 17, 18, 19],\n  [20, 21, 22, 23]]]");
}

#[test]
fn rank4() {
    // NumPy: np.array2string(np.arange(24).reshape(2,3,2,2), separator=', ')
    let v = arange::<4>(0, [2, 3, 2, 2]);
    assert_eq!(v.to_string(), "[[[[ 0,  1],\n   [ 2,  3]],\n\n  [[ 4,  5],\n   [ 6,  7]],\n\n  [[ 8,  9],\n   [10, 11]]],\n\n\n [[[12, 13],\n   [14, 15]],\n\n  [[16, 17],\n   [18, 19]],\n\n  [[20, 21],\n   [22, 23]]]]");
}

#[test]
fn negative() {
    // NumPy: np.array2string((np.arange(12)-5).reshape(3,4)*7, separator=', ')
    let v = arange::<2>(-5, [3, 4]).view().map(|x| x * 7);
    assert_eq!(
        v.to_string(),
        "[[-35, -28, -21, -14],\n [ -7,   0,   7,  14],\n [ 21,  28,  35,  42]]"
    );
}

#[test]
fn transposed() {
    // NumPy: np.array2string(np.arange(12).reshape(3,4).T, separator=', ')
    let v = arange::<2>(0, [3, 4]).view().t().to_owned();
    assert_eq!(
        v.to_string(),
        "[[ 0,  4,  8],\n [ 1,  5,  9],\n [ 2,  6, 10],\n [ 3,  7, 11]]"
    );
}

#[test]
fn flipped_rank3() {
    // NumPy: np.array2string(np.arange(24).reshape(2,3,4)[::-1, :, ::-2], separator=', ')
    let v = arange::<3>(0, [2, 3, 4])
        .view()
        .slice(cs![..;-1, .., ..;-2])
        .unwrap()
        .to_owned();
    assert_eq!(
        v.to_string(),
        "[[[15, 13],\n  [19, 17],\n  [23, 21]],\n\n [[ 3,  1],\n  [ 7,  5],\n  [11,  9]]]"
    );
}

#[test]
fn long_1d() {
    // NumPy: np.array2string(np.arange(2000), separator=', ')
    let v = arange::<1>(0, [2000]);
    assert_eq!(v.to_string(), "[   0,    1,    2, ..., 1997, 1998, 1999]");
}

#[test]
fn exactly_1000() {
    // NumPy: np.array2string(np.arange(1000), separator=', ')
    let v = arange::<1>(0, [1000]);
    assert_eq!(v.to_string(), "[  0,   1,   2,   3,   4,   5,   6,   7,   8,   9,  10,  11,  12,  13,  14,\n  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,\n  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,\n  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,\n  60,  61,  62,  63,  64,  65,  66,  67,  68,  69,  70,  71,  72,  73,  74,\n  75,  76,  77,  78,  79,  80,  81,  82,  83,  84,  85,  86,  87,  88,  89,\n  90,  91,  92,  93,  94,  95,  96,  97,  98,  99, 100, 101, 102, 103, 104,\n 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119,\n 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134,\n 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149,\n 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164,\n 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179,\n 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194,\n 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209,\n 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224,\n 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,\n 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254,\n 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269,\n 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284,\n 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299,\n 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314,\n 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329,\n 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 341, 342, 343, 344,\n 345, 346, 347, 348, 349, 350, 351, 352, 353, 354, 355, 356, 357, 358, 359,\n 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372, 373, 374,\n 375, 376, 377, 378, 379, 380, 381, 382, 383, 384, 385, 386, 387, 388, 389,\n 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, 403, 404,\n 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 419,\n 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432, 433, 434,\n 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447, 448, 449,\n 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461, 462, 463, 464,\n 465, 466, 467, 468, 469, 470, 471, 472, 473, 474, 475, 476, 477, 478, 479,\n 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 490, 491, 492, 493, 494,\n 495, 496, 497, 498, 499, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509,\n 510, 511, 512, 513, 514, 515, 516, 517, 518, 519, 520, 521, 522, 523, 524,\n 525, 526, 527, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539,\n 540, 541, 542, 543, 544, 545, 546, 547, 548, 549, 550, 551, 552, 553, 554,\n 555, 556, 557, 558, 559, 560, 561, 562, 563, 564, 565, 566, 567, 568, 569,\n 570, 571, 572, 573, 574, 575, 576, 577, 578, 579, 580, 581, 582, 583, 584,\n 585, 586, 587, 588, 589, 590, 591, 592, 593, 594, 595, 596, 597, 598, 599,\n 600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610, 611, 612, 613, 614,\n 615, 616, 617, 618, 619, 620, 621, 622, 623, 624, 625, 626, 627, 628, 629,\n 630, 631, 632, 633, 634, 635, 636, 637, 638, 639, 640, 641, 642, 643, 644,\n 645, 646, 647, 648, 649, 650, 651, 652, 653, 654, 655, 656, 657, 658, 659,\n 660, 661, 662, 663, 664, 665, 666, 667, 668, 669, 670, 671, 672, 673, 674,\n 675, 676, 677, 678, 679, 680, 681, 682, 683, 684, 685, 686, 687, 688, 689,\n 690, 691, 692, 693, 694, 695, 696, 697, 698, 699, 700, 701, 702, 703, 704,\n 705, 706, 707, 708, 709, 710, 711, 712, 713, 714, 715, 716, 717, 718, 719,\n 720, 721, 722, 723, 724, 725, 726, 727, 728, 729, 730, 731, 732, 733, 734,\n 735, 736, 737, 738, 739, 740, 741, 742, 743, 744, 745, 746, 747, 748, 749,\n 750, 751, 752, 753, 754, 755, 756, 757, 758, 759, 760, 761, 762, 763, 764,\n 765, 766, 767, 768, 769, 770, 771, 772, 773, 774, 775, 776, 777, 778, 779,\n 780, 781, 782, 783, 784, 785, 786, 787, 788, 789, 790, 791, 792, 793, 794,\n 795, 796, 797, 798, 799, 800, 801, 802, 803, 804, 805, 806, 807, 808, 809,\n 810, 811, 812, 813, 814, 815, 816, 817, 818, 819, 820, 821, 822, 823, 824,\n 825, 826, 827, 828, 829, 830, 831, 832, 833, 834, 835, 836, 837, 838, 839,\n 840, 841, 842, 843, 844, 845, 846, 847, 848, 849, 850, 851, 852, 853, 854,\n 855, 856, 857, 858, 859, 860, 861, 862, 863, 864, 865, 866, 867, 868, 869,\n 870, 871, 872, 873, 874, 875, 876, 877, 878, 879, 880, 881, 882, 883, 884,\n 885, 886, 887, 888, 889, 890, 891, 892, 893, 894, 895, 896, 897, 898, 899,\n 900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910, 911, 912, 913, 914,\n 915, 916, 917, 918, 919, 920, 921, 922, 923, 924, 925, 926, 927, 928, 929,\n 930, 931, 932, 933, 934, 935, 936, 937, 938, 939, 940, 941, 942, 943, 944,\n 945, 946, 947, 948, 949, 950, 951, 952, 953, 954, 955, 956, 957, 958, 959,\n 960, 961, 962, 963, 964, 965, 966, 967, 968, 969, 970, 971, 972, 973, 974,\n 975, 976, 977, 978, 979, 980, 981, 982, 983, 984, 985, 986, 987, 988, 989,\n 990, 991, 992, 993, 994, 995, 996, 997, 998, 999]");
}

#[test]
fn long_2d() {
    // NumPy: np.array2string(np.arange(3000).reshape(30,100), separator=', ')
    let v = arange::<2>(0, [30, 100]);
    assert_eq!(v.to_string(), "[[   0,    1,    2, ...,   97,   98,   99],\n [ 100,  101,  102, ...,  197,  198,  199],\n [ 200,  201,  202, ...,  297,  298,  299],\n ...,\n [2700, 2701, 2702, ..., 2797, 2798, 2799],\n [2800, 2801, 2802, ..., 2897, 2898, 2899],\n [2900, 2901, 2902, ..., 2997, 2998, 2999]]");
}

#[test]
fn long_3d() {
    // NumPy: np.array2string(np.arange(1100).reshape(11,10,10), separator=', ')
    let v = arange::<3>(0, [11, 10, 10]);
    assert_eq!(v.to_string(), "[[[   0,    1,    2, ...,    7,    8,    9],\n  [  10,   11,   12, ...,   17,   18,   19],\n  [  20,   21,   22, ...,   27,   28,   29],\n  ...,\n  [  70,   71,   72, ...,   77,   78,   79],\n  [  80,   81,   82, ...,   87,   88,   89],\n  [  90,   91,   92, ...,   97,   98,   99]],\n\n [[ 100,  101,  102, ...,  107,  108,  109],\n  [ 110,  111,  112, ...,  117,  118,  119],\n  [ 120,  121,  122, ...,  127,  128,  129],\n  ...,\n  [ 170,  171,  172, ...,  177,  178,  179],\n  [ 180,  181,  182, ...,  187,  188,  189],\n  [ 190,  191,  192, ...,  197,  198,  199]],\n\n [[ 200,  201,  202, ...,  207,  208,  209],\n  [ 210,  211,  212, ...,  217,  218,  219],\n  [ 220,  221,  222, ...,  227,  228,  229],\n  ...,\n  [ 270,  271,  272, ...,  277,  278,  279],\n  [ 280,  281,  282, ...,  287,  288,  289],\n  [ 290,  291,  292, ...,  297,  298,  299]],\n\n ...,\n\n [[ 800,  801,  802, ...,  807,  808,  809],\n  [ 810,  811,  812, ...,  817,  818,  819],\n  [ 820,  821,  822, ...,  827,  828,  829],\n  ...,\n  [ 870,  871,  872, ...,  877,  878,  879],\n  [ 880,  881,  882, ...,  887,  888,  889],\n  [ 890,  891,  892, ...,  897,  898,  899]],\n\n [[ 900,  901,  902, ...,  907,  908,  909],\n  [ 910,  911,  912, ...,  917,  918,  919],\n  [ 920,  921,  922, ...,  927,  928,  929],\n  ...,\n  [ 970,  971,  972, ...,  977,  978,  979],\n  [ 980,  981,  982, ...,  987,  988,  989],\n  [ 990,  991,  992, ...,  997,  998,  999]],\n\n [[1000, 1001, 1002, ..., 1007, 1008, 1009],\n  [1010, 1011, 1012, ..., 1017, 1018, 1019],\n  [1020, 1021, 1022, ..., 1027, 1028, 1029],\n  ...,\n  [1070, 1071, 1072, ..., 1077, 1078, 1079],\n  [1080, 1081, 1082, ..., 1087, 1088, 1089],\n  [1090, 1091, 1092, ..., 1097, 1098, 1099]]]");
}

#[test]
fn long_one_axis_short() {
    // NumPy: np.array2string(np.arange(2002).reshape(1001,2), separator=', ')
    let v = arange::<2>(0, [1001, 2]);
    assert_eq!(v.to_string(), "[[   0,    1],\n [   2,    3],\n [   4,    5],\n ...,\n [1996, 1997],\n [1998, 1999],\n [2000, 2001]]");
}

#[test]
fn wide_rows() {
    // NumPy: np.array2string(np.arange(40).reshape(2,20)*1000, separator=', ')
    let v = arange::<2>(0, [2, 20]).view().map(|x| x * 1000);
    assert_eq!(v.to_string(), "[[    0,  1000,  2000,  3000,  4000,  5000,  6000,  7000,  8000,  9000,\n  10000, 11000, 12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000],\n [20000, 21000, 22000, 23000, 24000, 25000, 26000, 27000, 28000, 29000,\n  30000, 31000, 32000, 33000, 34000, 35000, 36000, 37000, 38000, 39000]]");
}

#[test]
fn size_one_axes() {
    // NumPy: np.array2string(np.arange(3).reshape(1,3,1), separator=', ')
    let v = arange::<3>(0, [1, 3, 1]);
    assert_eq!(v.to_string(), "[[[0],\n  [1],\n  [2]]]");
}

#[test]
fn views_of_every_kind_print_alike() {
    let a = arange::<2>(0, [2, 3]);
    let want = "[[0, 1, 2],\n [3, 4, 5]]";
    assert_eq!(a.view().to_string(), want);
    let mut b = a.clone();
    assert_eq!(b.view_mut().to_string(), want);
    // A view of part of a buffer, with an offset and a negative stride.
    let buf: Vec<i64> = (0..20).collect();
    let v = StridedView::new(&buf, Layout::new([2, 3], [-5, 2], 11).unwrap()).unwrap();
    // NumPy: np.arange(20)[11::-5][:2, None] + np.arange(0, 6, 2) -> [[11,13,15],[6,8,10]]
    assert_eq!(v.to_string(), "[[11, 13, 15],\n [ 6,  8, 10]]");
}

#[test]
fn floats_of_views_print_as_numpy() {
    // NumPy: np.array2string(np.array([[1.5,-0.25],[100,3]]), separator=', ')
    let x = [1.5f64, -0.25, 100.0, 3.0];
    let v = StridedView::new(&x, Layout::contiguous([2, 2])).unwrap();
    assert_eq!(v.to_string(), "[[  1.5 ,  -0.25],\n [100.  ,   3.  ]]");
    // The transposed view prints its logical order.
    assert_eq!(v.t().to_string(), "[[  1.5 , 100.  ],\n [ -0.25,   3.  ]]");
    // A `{:.p}` precision is NumPy's floatmode='fixed' with precision=p:
    // np.array2string(np.array([1/3, 2.0]), separator=', ', precision=3, floatmode='fixed')
    let y = [1.0f64 / 3.0, 2.0];
    let w = StridedView::new(&y, Layout::contiguous([2])).unwrap();
    assert_eq!(format!("{w:.3}"), "[0.333, 2.000]");
    assert_eq!(w.to_string(), "[0.33333333, 2.        ]");
    // `Debug` prints the same digits (not Rust's `1.0`).
    assert_eq!(
        format!("{w:?}"),
        "[0.33333333, 2.        ], shape=(2,), strides=(1,), offset=0"
    );
    let z = [1.5f32, 1e-5];
    let u = StridedView::new(&z, Layout::contiguous([2])).unwrap();
    assert_eq!(
        format!("{u:?}"),
        "[1.5e+00, 1.0e-05], shape=(2,), strides=(1,), offset=0"
    );
}

#[test]
fn debug_adds_shape_strides_offset() {
    let buf: Vec<i64> = (0..12).collect();
    let v = StridedView::new(&buf, Layout::contiguous([3, 4]))
        .unwrap()
        .slice(cs![1.., ..;-2])
        .unwrap();
    assert_eq!(
        format!("{v:?}"),
        "[[ 7,  5],\n [11,  9]], shape=(2, 2), strides=(4, -2), offset=7"
    );
    let mut m = buf.clone();
    let w = StridedViewMut::new(&mut m, Layout::contiguous([0, 2])).unwrap();
    assert_eq!(
        format!("{w:?}"),
        "[], shape=(0, 2), strides=(2, 1), offset=0"
    );
    let s = StridedArray::from_vec([], vec![3u8]).unwrap();
    assert_eq!(format!("{s:?}"), "3, shape=(), strides=(), offset=0");
}

// BEGIN NUMPY FLOAT CASES (tests/gen/numpy_display.py, NumPy 2.4.6)
#[test]
fn np_issue_mixed_float64() {
    let data: Vec<f64> = vec![4.166666666666667, 4.5, 0.3333333333333333, 2.0];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[4.16666667, 4.5       ],\n [0.33333333, 2.        ]]"
    );
}

#[test]
fn np_issue_mixed_float32() {
    let data: Vec<f32> = vec![4.1666665e+00, 4.5e+00, 3.3333334e-01, 2e+00];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[4.1666665 , 4.5       ],\n [0.33333334, 2.        ]]"
    );
}

#[test]
fn np_issue_integral_and_fraction_float64() {
    let data: Vec<f64> = vec![100.0, 203.3, 7.0, 0.25];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[100.  , 203.3 ],\n [  7.  ,   0.25]]");
}

#[test]
fn np_issue_integral_and_fraction_float32() {
    let data: Vec<f32> = vec![1e+02, 2.033e+02, 7e+00, 2.5e-01];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[100.  , 203.3 ],\n [  7.  ,   0.25]]");
}

#[test]
fn np_integral_float64() {
    let data: Vec<f64> = vec![1.0, 2.0, 3.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1., 2., 3.]");
}

#[test]
fn np_integral_float32() {
    let data: Vec<f32> = vec![1e+00, 2e+00, 3e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1., 2., 3.]");
}

#[test]
fn np_integral_negative_float64() {
    let data: Vec<f64> = vec![-1.0, 0.0, 17.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[-1.,  0., 17.]");
}

#[test]
fn np_integral_negative_float32() {
    let data: Vec<f32> = vec![-1e+00, 0e+00, 1.7e+01];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[-1.,  0., 17.]");
}

#[test]
fn np_neg_zero_float64() {
    let data: Vec<f64> = vec![-0.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[-0.,  1.]");
}

#[test]
fn np_neg_zero_float32() {
    let data: Vec<f32> = vec![-0e+00, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[-0.,  1.]");
}

#[test]
fn np_zeros_float64() {
    let data: Vec<f64> = vec![0.0, 0.0, 0.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0., 0., 0.]");
}

#[test]
fn np_zeros_float32() {
    let data: Vec<f32> = vec![0e+00, 0e+00, 0e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0., 0., 0.]");
}

#[test]
fn np_halves_float64() {
    let data: Vec<f64> = vec![0.5, -1.25];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 0.5 , -1.25]");
}

#[test]
fn np_halves_float32() {
    let data: Vec<f32> = vec![5e-01, -1.25e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 0.5 , -1.25]");
}

#[test]
fn np_thirds_float64() {
    let data: Vec<f64> = vec![0.3333333333333333, 0.6666666666666666, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0.33333333, 0.66666667, 1.        ]");
}

#[test]
fn np_thirds_float32() {
    let data: Vec<f32> = vec![3.3333334e-01, 6.666667e-01, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0.33333334, 0.6666667 , 1.        ]");
}

#[test]
fn np_tenth_float64() {
    let data: Vec<f64> = vec![0.1, 0.2, 0.3];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0.1, 0.2, 0.3]");
}

#[test]
fn np_tenth_float32() {
    let data: Vec<f32> = vec![1e-01, 2e-01, 3e-01];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[0.1, 0.2, 0.3]");
}

#[test]
fn np_sum_tenths_float64() {
    let data: Vec<f64> = vec![0.30000000000000004, 0.7];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[0.3, 0.7]");
}

#[test]
fn np_sum_tenths_float32() {
    let data: Vec<f32> = vec![3e-01, 7e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[0.3, 0.7]");
}

#[test]
fn np_round_up_carry_float64() {
    let data: Vec<f64> = vec![0.999999999, 1.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1. , 1.5]");
}

#[test]
fn np_round_up_carry_float32() {
    let data: Vec<f32> = vec![1e+00, 1.5e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1. , 1.5]");
}

#[test]
fn np_tie_float64() {
    let data: Vec<f64> = vec![0.001953125, 0.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[0.00195312, 0.5       ]");
}

#[test]
fn np_tie_float32() {
    let data: Vec<f32> = vec![1.953125e-03, 5e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[0.00195312, 0.5       ]");
}

#[test]
fn np_large_fixed_float64() {
    let data: Vec<f64> = vec![12345678.9, 1.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.23456789e+07, 1.50000000e+00]");
}

#[test]
fn np_large_fixed_float32() {
    let data: Vec<f32> = vec![1.2345679e+07, 1.5e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.2345679e+07, 1.5000000e+00]");
}

#[test]
fn np_just_below_1e8_float64() {
    let data: Vec<f64> = vec![99999999.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[9.9999999e+07, 1.0000000e+00]");
}

#[test]
fn np_just_below_1e8_float32() {
    let data: Vec<f32> = vec![1e+08, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e+08, 1.e+00]");
}

#[test]
fn np_at_1e8_float64() {
    let data: Vec<f64> = vec![100000000.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e+08, 1.e+00]");
}

#[test]
fn np_at_1e8_float32() {
    let data: Vec<f32> = vec![1e+08, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e+08, 1.e+00]");
}

#[test]
fn np_sci_large_float64() {
    let data: Vec<f64> = vec![10000000000.0];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[1.e+10]");
}

#[test]
fn np_sci_large_float32() {
    let data: Vec<f32> = vec![1e+10];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[1.e+10]");
}

#[test]
fn np_sci_large_and_tiny_float64() {
    let data: Vec<f64> = vec![10000000000.0, 1.5e-05];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.0e+10, 1.5e-05]");
}

#[test]
fn np_sci_large_and_tiny_float32() {
    let data: Vec<f32> = vec![1e+10, 1.5e-05];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.0e+10, 1.5e-05]");
}

#[test]
fn np_sci_tiny_float64() {
    let data: Vec<f64> = vec![1.5e-05, 2.25e-07];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.50e-05, 2.25e-07]");
}

#[test]
fn np_sci_tiny_float32() {
    let data: Vec<f32> = vec![1.5e-05, 2.25e-07];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.50e-05, 2.25e-07]");
}

#[test]
fn np_sci_ratio_float64() {
    let data: Vec<f64> = vec![1.0, 1001.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.000e+00, 1.001e+03]");
}

#[test]
fn np_sci_ratio_float32() {
    let data: Vec<f32> = vec![1e+00, 1.001e+03];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.000e+00, 1.001e+03]");
}

#[test]
fn np_ratio_1000_float64() {
    let data: Vec<f64> = vec![1.0, 1000.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[   1., 1000.]");
}

#[test]
fn np_ratio_1000_float32() {
    let data: Vec<f32> = vec![1e+00, 1e+03];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[   1., 1000.]");
}

#[test]
fn np_min_1e_minus4_float64() {
    let data: Vec<f64> = vec![0.0001, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-04, 1.e+00]");
}

#[test]
fn np_min_1e_minus4_float32() {
    let data: Vec<f32> = vec![1e-04, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-04, 1.e+00]");
}

#[test]
fn np_below_1e_minus4_float64() {
    let data: Vec<f64> = vec![9.9e-05, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[9.9e-05, 1.0e+00]");
}

#[test]
fn np_below_1e_minus4_float32() {
    let data: Vec<f32> = vec![9.9e-05, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[9.9e-05, 1.0e+00]");
}

#[test]
fn np_sci_exp3_float64() {
    let data: Vec<f64> = vec![1e+100, 1.5e-05];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.0e+100, 1.5e-005]");
}

#[test]
fn np_sci_huge_tiny_float64() {
    let data: Vec<f64> = vec![1e-300, 1e+300];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-300, 1.e+300]");
}

#[test]
fn np_sci_negative_float64() {
    let data: Vec<f64> = vec![-15000000000.0, 2.0, -0.00325];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[-1.50e+10,  2.00e+00, -3.25e-03]");
}

#[test]
fn np_sci_negative_float32() {
    let data: Vec<f32> = vec![-1.5e+10, 2e+00, -3.25e-03];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[-1.50e+10,  2.00e+00, -3.25e-03]");
}

#[test]
fn np_sci_nan_float64() {
    let data: Vec<f64> = vec![0.1, 1e-05, f64::NAN];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-01, 1.e-05,    nan]");
}

#[test]
fn np_sci_nan_float32() {
    let data: Vec<f32> = vec![1e-01, 1e-05, f32::NAN];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-01, 1.e-05,    nan]");
}

#[test]
fn np_sci_inf_float64() {
    let data: Vec<f64> = vec![1e-05, f64::NEG_INFINITY, 3.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-05,   -inf, 3.e+00]");
}

#[test]
fn np_sci_inf_float32() {
    let data: Vec<f32> = vec![1e-05, f32::NEG_INFINITY, 3e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[1.e-05,   -inf, 3.e+00]");
}

#[test]
fn np_nan_only_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[nan]");
}

#[test]
fn np_nan_only_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[nan]");
}

#[test]
fn np_nan_inf_float64() {
    let data: Vec<f64> = vec![f64::NAN, f64::INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[nan, inf]");
}

#[test]
fn np_nan_inf_float32() {
    let data: Vec<f32> = vec![f32::NAN, f32::INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[nan, inf]");
}

#[test]
fn np_nan_neginf_float64() {
    let data: Vec<f64> = vec![f64::NAN, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ nan, -inf]");
}

#[test]
fn np_nan_neginf_float32() {
    let data: Vec<f32> = vec![f32::NAN, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ nan, -inf]");
}

#[test]
fn np_nan_inf_numbers_float64() {
    let data: Vec<f64> = vec![f64::NAN, 1.5, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[ nan,  1.5, -inf]");
}

#[test]
fn np_nan_inf_numbers_float32() {
    let data: Vec<f32> = vec![f32::NAN, 1.5e+00, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[ nan,  1.5, -inf]");
}

#[test]
fn np_inf_integral_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 1.0, 2.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[inf,  1.,  2.]");
}

#[test]
fn np_inf_integral_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 1e+00, 2e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[inf,  1.,  2.]");
}

#[test]
fn np_nan_long_fraction_float64() {
    let data: Vec<f64> = vec![f64::NAN, 0.123456789];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[       nan, 0.12345679]");
}

#[test]
fn np_nan_long_fraction_float32() {
    let data: Vec<f32> = vec![f32::NAN, 1.2345679e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[       nan, 0.12345679]");
}

#[test]
fn np_pi_e_float64() {
    let data: Vec<f64> = vec![3.141592653589793, 2.718281828459045, -3.141592653589793];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[ 3.14159265,  2.71828183, -3.14159265]");
}

#[test]
fn np_pi_e_float32() {
    let data: Vec<f32> = vec![3.1415927e+00, 2.7182817e+00, -3.1415927e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(a.to_string(), "[ 3.1415927,  2.7182817, -3.1415927]");
}

#[test]
fn np_f32_shortest_float64() {
    let data: Vec<f64> = vec![0.1, 1.1, 16777217.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[1.0000000e-01, 1.1000000e+00, 1.6777217e+07]"
    );
}

#[test]
fn np_f32_shortest_float32() {
    let data: Vec<f32> = vec![1e-01, 1.1e+00, 1.6777216e+07];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[1.0000000e-01, 1.1000000e+00, 1.6777216e+07]"
    );
}

#[test]
fn np_max_prec_float64() {
    let data: Vec<f64> = vec![1.23456789012, 2.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.23456789, 2.        ]");
}

#[test]
fn np_max_prec_float32() {
    let data: Vec<f32> = vec![1.2345679e+00, 2e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[1.2345679, 2.       ]");
}

#[test]
fn np_rank0_float64() {
    let data: Vec<f64> = vec![1.5];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.5");
}

#[test]
fn np_rank0_float32() {
    let data: Vec<f32> = vec![1.5e+00];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.5");
}

#[test]
fn np_rank0_integral_float64() {
    let data: Vec<f64> = vec![1.0];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.");
}

#[test]
fn np_rank0_integral_float32() {
    let data: Vec<f32> = vec![1e+00];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.");
}

#[test]
fn np_rank0_nan_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "nan");
}

#[test]
fn np_rank0_nan_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "nan");
}

#[test]
fn np_rank0_sci_float64() {
    let data: Vec<f64> = vec![1e+20];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.e+20");
}

#[test]
fn np_rank0_sci_float32() {
    let data: Vec<f32> = vec![1e+20];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(a.to_string(), "1.e+20");
}

#[test]
fn np_empty_float64() {
    let data: Vec<f64> = vec![];
    let a = StridedArray::<f64, 1>::from_vec([0], data).unwrap();
    assert_eq!(a.to_string(), "[]");
}

#[test]
fn np_empty_float32() {
    let data: Vec<f32> = vec![];
    let a = StridedArray::<f32, 1>::from_vec([0], data).unwrap();
    assert_eq!(a.to_string(), "[]");
}

#[test]
fn np_empty_2x0_float64() {
    let data: Vec<f64> = vec![];
    let a = StridedArray::<f64, 2>::from_vec([2, 0], data).unwrap();
    assert_eq!(a.to_string(), "[]");
}

#[test]
fn np_empty_2x0_float32() {
    let data: Vec<f32> = vec![];
    let a = StridedArray::<f32, 2>::from_vec([2, 0], data).unwrap();
    assert_eq!(a.to_string(), "[]");
}

#[test]
fn np_rank3_float64() {
    let data: Vec<f64> = vec![
        -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 3, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[[-1.  , -0.75],\n  [-0.5 , -0.25],\n  [ 0.  ,  0.25]],\n\n [[ 0.5 ,  0.75],\n  [ 1.  ,  1.25],\n  [ 1.5 ,  1.75]]]");
}

#[test]
fn np_rank3_float32() {
    let data: Vec<f32> = vec![
        -1e+00, -7.5e-01, -5e-01, -2.5e-01, 0e+00, 2.5e-01, 5e-01, 7.5e-01, 1e+00, 1.25e+00,
        1.5e+00, 1.75e+00,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 3, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[[-1.  , -0.75],\n  [-0.5 , -0.25],\n  [ 0.  ,  0.25]],\n\n [[ 0.5 ,  0.75],\n  [ 1.  ,  1.25],\n  [ 1.5 ,  1.75]]]");
}

#[test]
fn np_rank3_sci_float64() {
    let data: Vec<f64> = vec![1e-06, 1e-05, 0.0001, 0.001, 0.01, 0.1, 1.0, 10.0];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[[1.e-06, 1.e-05],\n  [1.e-04, 1.e-03]],\n\n [[1.e-02, 1.e-01],\n  [1.e+00, 1.e+01]]]"
    );
}

#[test]
fn np_rank3_sci_float32() {
    let data: Vec<f32> = vec![1e-06, 1e-05, 1e-04, 1e-03, 1e-02, 1e-01, 1e+00, 1e+01];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[[1.e-06, 1.e-05],\n  [1.e-04, 1.e-03]],\n\n [[1.e-02, 1.e-01],\n  [1.e+00, 1.e+01]]]"
    );
}

#[test]
fn np_random0_float64() {
    let data: Vec<f64> = vec![9471.352433881091];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[9471.35243388]");
}

#[test]
fn np_random0_float32() {
    let data: Vec<f32> = vec![9.471353e+03];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[9471.353]");
}

#[test]
fn np_random1_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 8783.603376321258, -7727535.8057500655];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[              inf,     8783.60337632, -7727535.80575007]"
    );
}

#[test]
fn np_random1_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 8.783604e+03, -7.727536e+06];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[          inf,  8.783604e+03, -7.727536e+06]"
    );
}

#[test]
fn np_random2_float64() {
    let data: Vec<f64> = vec![
        0.9085235161017908,
        -0.0,
        0.0,
        518.1574451340292,
        0.0,
        6.582244734071778,
        0.31380397201969945,
        0.09079401917421728,
        46.667405634985215,
        -4.0,
        -0.08447780700052974,
        77.97380057065078,
        4.0,
        -5.799660542676329,
        -1.0,
        5.026190036706541,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 9.08523516e-01, -0.00000000e+00,  0.00000000e+00,  5.18157445e+02],\n [ 0.00000000e+00,  6.58224473e+00,  3.13803972e-01,  9.07940192e-02],\n [ 4.66674056e+01, -4.00000000e+00, -8.44778070e-02,  7.79738006e+01],\n [ 4.00000000e+00, -5.79966054e+00, -1.00000000e+00,  5.02619004e+00]]");
}

#[test]
fn np_random2_float32() {
    let data: Vec<f32> = vec![
        9.085235e-01,
        -0e+00,
        0e+00,
        5.181575e+02,
        0e+00,
        6.582245e+00,
        3.1380397e-01,
        9.079402e-02,
        4.6667404e+01,
        -4e+00,
        -8.4477805e-02,
        7.79738e+01,
        4e+00,
        -5.7996607e+00,
        -1e+00,
        5.02619e+00,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 9.0852350e-01, -0.0000000e+00,  0.0000000e+00,  5.1815747e+02],\n [ 0.0000000e+00,  6.5822449e+00,  3.1380397e-01,  9.0794019e-02],\n [ 4.6667404e+01, -4.0000000e+00, -8.4477805e-02,  7.7973801e+01],\n [ 4.0000000e+00, -5.7996607e+00, -1.0000000e+00,  5.0261898e+00]]");
}

#[test]
fn np_random3_float64() {
    let data: Vec<f64> = vec![
        2.5127383723093093e-06,
        0.08316659680820503,
        0.00034664737755411124,
        13514.442274223195,
        8.34573698980046e-05,
        -0.03803926157985094,
        -7.858931702067786e-05,
        0.0,
        6644.0,
        -0.0007994733489627476,
        4.497206316551987e-05,
        252354.26588686055,
        361781588.3028539,
        10371989.626386752,
        0.0,
        f64::INFINITY,
        5.510867358697032e-05,
        0.0,
        3.0124352932713316,
        -915318.06515016,
        0.0,
        -4.309393862186157e-06,
        2919881.9062766302,
        0.0002741229867769559,
        1.5936584595757135e-06,
        -1.0674439796550067e-06,
        -0.38522420589390893,
        0.10009502797745191,
        366814.6515403353,
        -0.007551129498928902,
        -3.9767612206710095e-06,
        9436021.0,
        21673.5400633169,
        -0.0,
        0.005050169473444033,
        0.0036236465460241915,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 2.51273837e-06,  8.31665968e-02,  3.46647378e-04,  1.35144423e+04],\n  [ 8.34573699e-05, -3.80392616e-02, -7.85893170e-05,  0.00000000e+00],\n  [ 6.64400000e+03, -7.99473349e-04,  4.49720632e-05,  2.52354266e+05]],\n\n [[ 3.61781588e+08,  1.03719896e+07,  0.00000000e+00,             inf],\n  [ 5.51086736e-05,  0.00000000e+00,  3.01243529e+00, -9.15318065e+05],\n  [ 0.00000000e+00, -4.30939386e-06,  2.91988191e+06,  2.74122987e-04]],\n\n [[ 1.59365846e-06, -1.06744398e-06, -3.85224206e-01,  1.00095028e-01],\n  [ 3.66814652e+05, -7.55112950e-03, -3.97676122e-06,  9.43602100e+06],\n  [ 2.16735401e+04, -0.00000000e+00,  5.05016947e-03,  3.62364655e-03]]]");
}

#[test]
fn np_random3_float32() {
    let data: Vec<f32> = vec![
        2.5127383e-06,
        8.31666e-02,
        3.4664737e-04,
        1.3514442e+04,
        8.345737e-05,
        -3.8039263e-02,
        -7.858931e-05,
        0e+00,
        6.644e+03,
        -7.994734e-04,
        4.4972065e-05,
        2.5235427e+05,
        3.617816e+08,
        1.037199e+07,
        0e+00,
        f32::INFINITY,
        5.5108674e-05,
        0e+00,
        3.0124352e+00,
        -9.1531806e+05,
        0e+00,
        -4.3093937e-06,
        2.919882e+06,
        2.7412298e-04,
        1.5936585e-06,
        -1.067444e-06,
        -3.852242e-01,
        1.00095026e-01,
        3.6681466e+05,
        -7.5511294e-03,
        -3.976761e-06,
        9.436021e+06,
        2.1673541e+04,
        -0e+00,
        5.0501693e-03,
        3.6236465e-03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 2.51273832e-06,  8.31665993e-02,  3.46647372e-04,  1.35144424e+04],\n  [ 8.34573730e-05, -3.80392633e-02, -7.85893135e-05,  0.00000000e+00],\n  [ 6.64400000e+03, -7.99473375e-04,  4.49720646e-05,  2.52354266e+05]],\n\n [[ 3.61781600e+08,  1.03719900e+07,  0.00000000e+00,             inf],\n  [ 5.51086741e-05,  0.00000000e+00,  3.01243520e+00, -9.15318062e+05],\n  [ 0.00000000e+00, -4.30939372e-06,  2.91988200e+06,  2.74122984e-04]],\n\n [[ 1.59365845e-06, -1.06744403e-06, -3.85224193e-01,  1.00095026e-01],\n  [ 3.66814656e+05, -7.55112944e-03, -3.97676104e-06,  9.43602100e+06],\n  [ 2.16735410e+04, -0.00000000e+00,  5.05016930e-03,  3.62364645e-03]]]");
}

#[test]
fn np_random4_float64() {
    let data: Vec<f64> = vec![43.30925406621303, 0.0];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(a.to_string(), "[[[43.30925407]],\n\n [[ 0.        ]]]");
}

#[test]
fn np_random4_float32() {
    let data: Vec<f32> = vec![4.3309254e+01, 0e+00];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(a.to_string(), "[[[43.309254]],\n\n [[ 0.      ]]]");
}

#[test]
fn np_random5_float64() {
    let data: Vec<f64> = vec![
        169216.0,
        68170.0,
        72005.54555141098,
        147734.5098842618,
        5438.0,
        8467.61228102652,
        345758.5265877724,
        41077.25683554456,
        f64::INFINITY,
        8085.41727775048,
        897340.629505323,
        -7580.708912007476,
        -3772.4436030206543,
        29588.81017919821,
        5716.643300024648,
        -893936.3785323424,
        809.1312624111804,
        54462.01336196031,
        791563.9843036588,
        -677775.2028917078,
        204402.46798612177,
        33468.65929474522,
        3839.2563082277147,
        -172990.53442269837,
        71309.85023824581,
        -296781.2957901916,
        3798.662440592199,
        44558.314355275426,
        5142.432932654893,
        66722.19538705924,
        140715.0,
        -926450.7777308443,
        23945.11941186177,
        17918.008533382865,
        -734846.3707968277,
        7358.402348279546,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 1.69216000e+05,  6.81700000e+04,  7.20055456e+04,  1.47734510e+05],\n  [ 5.43800000e+03,  8.46761228e+03,  3.45758527e+05,  4.10772568e+04],\n  [            inf,  8.08541728e+03,  8.97340630e+05, -7.58070891e+03]],\n\n [[-3.77244360e+03,  2.95888102e+04,  5.71664330e+03, -8.93936379e+05],\n  [ 8.09131262e+02,  5.44620134e+04,  7.91563984e+05, -6.77775203e+05],\n  [ 2.04402468e+05,  3.34686593e+04,  3.83925631e+03, -1.72990534e+05]],\n\n [[ 7.13098502e+04, -2.96781296e+05,  3.79866244e+03,  4.45583144e+04],\n  [ 5.14243293e+03,  6.67221954e+04,  1.40715000e+05, -9.26450778e+05],\n  [ 2.39451194e+04,  1.79180085e+04, -7.34846371e+05,  7.35840235e+03]]]");
}

#[test]
fn np_random5_float32() {
    let data: Vec<f32> = vec![
        1.69216e+05,
        6.817e+04,
        7.200555e+04,
        1.4773452e+05,
        5.438e+03,
        8.467612e+03,
        3.4575853e+05,
        4.1077258e+04,
        f32::INFINITY,
        8.0854175e+03,
        8.973406e+05,
        -7.580709e+03,
        -3.7724436e+03,
        2.958881e+04,
        5.716643e+03,
        -8.939364e+05,
        8.091313e+02,
        5.446201e+04,
        7.91564e+05,
        -6.777752e+05,
        2.0440247e+05,
        3.346866e+04,
        3.8392563e+03,
        -1.7299053e+05,
        7.130985e+04,
        -2.9678128e+05,
        3.7986624e+03,
        4.4558312e+04,
        5.142433e+03,
        6.6722195e+04,
        1.40715e+05,
        -9.2645075e+05,
        2.394512e+04,
        1.7918008e+04,
        -7.348464e+05,
        7.3584023e+03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 1.6921600e+05,  6.8170000e+04,  7.2005547e+04,  1.4773452e+05],\n  [ 5.4380000e+03,  8.4676123e+03,  3.4575853e+05,  4.1077258e+04],\n  [           inf,  8.0854175e+03,  8.9734062e+05, -7.5807090e+03]],\n\n [[-3.7724436e+03,  2.9588811e+04,  5.7166431e+03, -8.9393638e+05],\n  [ 8.0913129e+02,  5.4462012e+04,  7.9156400e+05, -6.7777519e+05],\n  [ 2.0440247e+05,  3.3468660e+04,  3.8392563e+03, -1.7299053e+05]],\n\n [[ 7.1309852e+04, -2.9678128e+05,  3.7986624e+03,  4.4558312e+04],\n  [ 5.1424331e+03,  6.6722195e+04,  1.4071500e+05, -9.2645075e+05],\n  [ 2.3945119e+04,  1.7918008e+04, -7.3484638e+05,  7.3584023e+03]]]");
}

#[test]
fn np_random6_float64() {
    let data: Vec<f64> = vec![
        -874.1877316132101,
        530498.5224943943,
        -0.008773867308354126,
        2107342.116424104,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-8.74187732e+02,  5.30498522e+05, -8.77386731e-03,  2.10734212e+06]"
    );
}

#[test]
fn np_random6_float32() {
    let data: Vec<f32> = vec![-8.7418774e+02, 5.304985e+05, -8.773867e-03, 2.107342e+06];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-8.7418774e+02,  5.3049850e+05, -8.7738670e-03,  2.1073420e+06]"
    );
}

#[test]
fn np_random7_float64() {
    let data: Vec<f64> = vec![
        738.0,
        855653.0,
        584945.0,
        -86920.5399904665,
        7990046.947925954,
        -71897344.0,
        57.0,
        2.0,
        862607.4102442809,
        1.3329224487137927,
        144642.8839261575,
        72387.55857735107,
        f64::NAN,
        3042.0,
        32341962.21095347,
        7922.0,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 7.38000000e+02,  8.55653000e+05,  5.84945000e+05, -8.69205400e+04],\n [ 7.99004695e+06, -7.18973440e+07,  5.70000000e+01,  2.00000000e+00],\n [ 8.62607410e+05,  1.33292245e+00,  1.44642884e+05,  7.23875586e+04],\n [            nan,  3.04200000e+03,  3.23419622e+07,  7.92200000e+03]]");
}

#[test]
fn np_random7_float32() {
    let data: Vec<f32> = vec![
        7.38e+02,
        8.55653e+05,
        5.84945e+05,
        -8.692054e+04,
        7.990047e+06,
        -7.189734e+07,
        5.7e+01,
        2e+00,
        8.6260744e+05,
        1.3329225e+00,
        1.4464289e+05,
        7.2387555e+04,
        f32::NAN,
        3.042e+03,
        3.2341962e+07,
        7.922e+03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 7.3800000e+02,  8.5565300e+05,  5.8494500e+05, -8.6920539e+04],\n [ 7.9900470e+06, -7.1897344e+07,  5.7000000e+01,  2.0000000e+00],\n [ 8.6260744e+05,  1.3329225e+00,  1.4464289e+05,  7.2387555e+04],\n [           nan,  3.0420000e+03,  3.2341962e+07,  7.9220000e+03]]");
}

#[test]
fn np_random8_float64() {
    let data: Vec<f64> = vec![
        238.07307563541423,
        177.3992626036772,
        47322.0,
        -1789.5451809320002,
        -3053.0,
        4029.0,
        3295.187459750483,
        88743.36851117182,
        3502.6068730529682,
        41650.0883347291,
        1706.8963101091792,
        -863.8907681746117,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[  238.07307564,   177.3992626 , 47322.        , -1789.54518093],\n [-3053.        ,  4029.        ,  3295.18745975, 88743.36851117],\n [ 3502.60687305, 41650.08833473,  1706.89631011,  -863.89076817]]");
}

#[test]
fn np_random8_float32() {
    let data: Vec<f32> = vec![
        2.3807307e+02,
        1.7739926e+02,
        4.7322e+04,
        -1.7895452e+03,
        -3.053e+03,
        4.029e+03,
        3.2951875e+03,
        8.874337e+04,
        3.502607e+03,
        4.165009e+04,
        1.7068964e+03,
        -8.6389075e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[  238.07307,   177.39926, 47322.     , -1789.5452 ],\n [-3053.     ,  4029.     ,  3295.1875 , 88743.37   ],\n [ 3502.607  , 41650.09   ,  1706.8964 ,  -863.89075]]");
}

#[test]
fn np_random9_float64() {
    let data: Vec<f64> = vec![
        -341703.80145454966,
        0.020077115793047162,
        78793.26010572165,
        710221.0174801318,
        -4.250889952729297e-06,
        -0.007017497289571506,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[-3.41703801e+05,  2.00771158e-02,  7.87932601e+04],\n [ 7.10221017e+05, -4.25088995e-06, -7.01749729e-03]]");
}

#[test]
fn np_random9_float32() {
    let data: Vec<f32> = vec![
        -3.417038e+05,
        2.0077115e-02,
        7.879326e+04,
        7.10221e+05,
        -4.25089e-06,
        -7.0174974e-03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[-3.4170381e+05,  2.0077115e-02,  7.8793258e+04],\n [ 7.1022100e+05, -4.2508900e-06, -7.0174974e-03]]");
}

#[test]
fn np_random10_float64() {
    let data: Vec<f64> = vec![
        21664.47422836207,
        6135.49559585356,
        9130.426873229311,
        2465.587775413932,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[21664.47422836,  6135.49559585,  9130.42687323,  2465.58777541]"
    );
}

#[test]
fn np_random10_float32() {
    let data: Vec<f32> = vec![2.1664475e+04, 6.1354956e+03, 9.130427e+03, 2.465588e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[21664.475 ,  6135.4956,  9130.427 ,  2465.588 ]"
    );
}

#[test]
fn np_random11_float64() {
    let data: Vec<f64> = vec![
        4.533252663715951,
        45.0,
        -1.275437667956184,
        -4919.145063945834,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 4.53325266e+00,  4.50000000e+01, -1.27543767e+00, -4.91914506e+03]"
    );
}

#[test]
fn np_random11_float32() {
    let data: Vec<f32> = vec![4.5332527e+00, 4.5e+01, -1.2754377e+00, -4.919145e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 4.5332527e+00,  4.5000000e+01, -1.2754377e+00, -4.9191450e+03]"
    );
}

#[test]
fn np_random12_float64() {
    let data: Vec<f64> = vec![
        -0.08997627141654198,
        -0.165534128047121,
        -0.0,
        0.07406001581994497,
        0.022752618481692202,
        -0.04093109770847262,
        -0.040787608005209024,
        0.0,
        -0.038676503811623006,
        0.0,
        f64::INFINITY,
        -0.2432558819507941,
        0.6324356489736762,
        -0.19283259688866497,
        0.35447461285883797,
        -0.5716877139421505,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[-0.08997627, -0.16553413, -0.        ,  0.07406002],\n  [ 0.02275262, -0.0409311 , -0.04078761,  0.        ]],\n\n [[-0.0386765 ,  0.        ,         inf, -0.24325588],\n  [ 0.63243565, -0.1928326 ,  0.35447461, -0.57168771]]]");
}

#[test]
fn np_random12_float32() {
    let data: Vec<f32> = vec![
        -8.997627e-02,
        -1.6553412e-01,
        -0e+00,
        7.4060015e-02,
        2.2752618e-02,
        -4.09311e-02,
        -4.0787607e-02,
        0e+00,
        -3.8676504e-02,
        0e+00,
        f32::INFINITY,
        -2.4325588e-01,
        6.324356e-01,
        -1.928326e-01,
        3.544746e-01,
        -5.716877e-01,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[-0.08997627, -0.16553412, -0.        ,  0.07406002],\n  [ 0.02275262, -0.0409311 , -0.04078761,  0.        ]],\n\n [[-0.0386765 ,  0.        ,         inf, -0.24325588],\n  [ 0.6324356 , -0.1928326 ,  0.3544746 , -0.5716877 ]]]");
}

#[test]
fn np_random13_float64() {
    let data: Vec<f64> = vec![62463.0, 8.62256316005406, 781.071167412899];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[6.24630000e+04, 8.62256316e+00, 7.81071167e+02]"
    );
}

#[test]
fn np_random13_float32() {
    let data: Vec<f32> = vec![6.2463e+04, 8.622563e+00, 7.8107117e+02];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[6.2463000e+04, 8.6225634e+00, 7.8107117e+02]"
    );
}

#[test]
fn np_random14_float64() {
    let data: Vec<f64> = vec![46191.40947219328, 5074.735646340521, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[46191.40947219,  5074.73564634,           -inf]]"
    );
}

#[test]
fn np_random14_float32() {
    let data: Vec<f32> = vec![4.619141e+04, 5.074736e+03, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[46191.41 ,  5074.736,      -inf]]");
}

#[test]
fn np_random15_float64() {
    let data: Vec<f64> = vec![
        0.6651047546899033,
        -1.638203287593336,
        0.9011022635898973,
        -0.4899595733559151,
        0.08509121190437523,
        -0.07532878074580744,
        0.0,
        -353.088657822456,
        0.0,
        819.0,
        21.553440504627265,
        -0.028782784205769258,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[ 6.65104755e-01, -1.63820329e+00,  9.01102264e-01],\n [-4.89959573e-01,  8.50912119e-02, -7.53287807e-02],\n [ 0.00000000e+00, -3.53088658e+02,  0.00000000e+00],\n [ 8.19000000e+02,  2.15534405e+01, -2.87827842e-02]]");
}

#[test]
fn np_random15_float32() {
    let data: Vec<f32> = vec![
        6.6510475e-01,
        -1.6382033e+00,
        9.0110224e-01,
        -4.8995957e-01,
        8.509121e-02,
        -7.532878e-02,
        0e+00,
        -3.5308865e+02,
        0e+00,
        8.19e+02,
        2.155344e+01,
        -2.8782785e-02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[ 6.6510475e-01, -1.6382033e+00,  9.0110224e-01],\n [-4.8995957e-01,  8.5091211e-02, -7.5328782e-02],\n [ 0.0000000e+00, -3.5308865e+02,  0.0000000e+00],\n [ 8.1900000e+02,  2.1553440e+01, -2.8782785e-02]]");
}

#[test]
fn np_random16_float64() {
    let data: Vec<f64> = vec![
        -18580.41528747212,
        62947677.0,
        6865.373180324707,
        -34114305.65529972,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-1.85804153e+04,  6.29476770e+07,  6.86537318e+03, -3.41143057e+07]"
    );
}

#[test]
fn np_random16_float32() {
    let data: Vec<f32> = vec![-1.8580416e+04, 6.2947676e+07, 6.865373e+03, -3.4114304e+07];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-1.8580416e+04,  6.2947676e+07,  6.8653730e+03, -3.4114304e+07]"
    );
}

#[test]
fn np_random17_float64() {
    let data: Vec<f64> = vec![
        83207.0165718822,
        -85909.39117384714,
        62898.686818342234,
        -72515.32595132403,
        703307.8636658351,
        930358.2081898497,
        -728006.2776358665,
        22494.841266890096,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[  83207.01657188,  -85909.39117385,   62898.68681834,  -72515.32595132],\n [ 703307.86366584,  930358.20818985, -728006.27763587,   22494.84126689]]");
}

#[test]
fn np_random17_float32() {
    let data: Vec<f32> = vec![
        8.3207016e+04,
        -8.590939e+04,
        6.2898688e+04,
        -7.251533e+04,
        7.033079e+05,
        9.303582e+05,
        -7.2800625e+05,
        2.2494842e+04,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[  83207.016,  -85909.39 ,   62898.688,  -72515.33 ],\n [ 703307.9  ,  930358.2  , -728006.25 ,   22494.842]]");
}

#[test]
fn np_random18_float64() {
    let data: Vec<f64> = vec![42428.416976608954, 3.9891934515086307, 571.0, 246.0];
    let a = StridedArray::<f64, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[4.24284170e+04, 3.98919345e+00, 5.71000000e+02, 2.46000000e+02]]"
    );
}

#[test]
fn np_random18_float32() {
    let data: Vec<f32> = vec![4.2428418e+04, 3.9891934e+00, 5.71e+02, 2.46e+02];
    let a = StridedArray::<f32, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[4.2428418e+04, 3.9891934e+00, 5.7100000e+02, 2.4600000e+02]]"
    );
}

#[test]
fn np_random19_float64() {
    let data: Vec<f64> = vec![
        1484583.0,
        907352.8213954826,
        2864813.2589084767,
        40176.20381713774,
        72123.0,
        8654930.408346444,
        24327.590137462943,
        50476.02070281784,
        -28002.16931275115,
        572220.5683040118,
        837873.8700838161,
        747891.252676297,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[[1484583.        ,  907352.82139548],\n  [2864813.25890848,   40176.20381714]],\n\n [[  72123.        , 8654930.40834644],\n  [  24327.59013746,   50476.02070282]],\n\n [[ -28002.16931275,  572220.56830401],\n  [ 837873.87008382,  747891.2526763 ]]]");
}

#[test]
fn np_random19_float32() {
    let data: Vec<f32> = vec![
        1.484583e+06,
        9.073528e+05,
        2.8648132e+06,
        4.0176203e+04,
        7.2123e+04,
        8.65493e+06,
        2.432759e+04,
        5.047602e+04,
        -2.800217e+04,
        5.7222056e+05,
        8.378739e+05,
        7.4789125e+05,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 1.4845830e+06,  9.0735281e+05],\n  [ 2.8648132e+06,  4.0176203e+04]],\n\n [[ 7.2123000e+04,  8.6549300e+06],\n  [ 2.4327590e+04,  5.0476020e+04]],\n\n [[-2.8002170e+04,  5.7222056e+05],\n  [ 8.3787388e+05,  7.4789125e+05]]]");
}

#[test]
fn np_random20_float64() {
    let data: Vec<f64> = vec![
        913.9520277748769,
        -1.654036103578467,
        569.9644072998445,
        -169.28791329169445,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[ 913.95202777,   -1.6540361 ],\n [ 569.9644073 , -169.28791329]]"
    );
}

#[test]
fn np_random20_float32() {
    let data: Vec<f32> = vec![9.13952e+02, -1.654036e+00, 5.699644e+02, -1.6928792e+02];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[ 913.952   ,   -1.654036],\n [ 569.9644  , -169.28792 ]]"
    );
}

#[test]
fn np_random21_float64() {
    let data: Vec<f64> = vec![639.0];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[639.]");
}

#[test]
fn np_random21_float32() {
    let data: Vec<f32> = vec![6.39e+02];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[639.]");
}

#[test]
fn np_random22_float64() {
    let data: Vec<f64> = vec![906487.6666089523, -88.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 9.06487667e+05, -8.80000000e+01]");
}

#[test]
fn np_random22_float32() {
    let data: Vec<f32> = vec![9.064877e+05, -8.8e+01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 9.064877e+05, -8.800000e+01]");
}

#[test]
fn np_random23_float64() {
    let data: Vec<f64> = vec![
        23905809.0,
        27409457.986199506,
        9087255.0,
        76736656.12849891,
        73284055.30539493,
        5649572.232186525,
        -6430516.703392652,
        34013357.08554499,
        f64::INFINITY,
        -38166682.290596746,
        1337093.4810500466,
        77369482.0,
        f64::NEG_INFINITY,
        -5654206.866381514,
        32733657.666070793,
        5780689.452951846,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 23905809.        ,  27409457.98619951,   9087255.        ,\n    76736656.12849891],\n  [ 73284055.30539493,   5649572.23218653,  -6430516.70339265,\n    34013357.08554499]],\n\n [[               inf, -38166682.29059675,   1337093.48105005,\n    77369482.        ],\n  [              -inf,  -5654206.86638151,  32733657.66607079,\n     5780689.45295185]]]");
}

#[test]
fn np_random23_float32() {
    let data: Vec<f32> = vec![
        2.3905808e+07,
        2.7409458e+07,
        9.087255e+06,
        7.673666e+07,
        7.3284056e+07,
        5.649572e+06,
        -6.4305165e+06,
        3.4013356e+07,
        f32::INFINITY,
        -3.8166684e+07,
        1.3370935e+06,
        7.736948e+07,
        f32::NEG_INFINITY,
        -5.654207e+06,
        3.2733658e+07,
        5.7806895e+06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[[ 2.3905808e+07,  2.7409458e+07,  9.0872550e+06,  7.6736656e+07],\n  [ 7.3284056e+07,  5.6495720e+06, -6.4305165e+06,  3.4013356e+07]],\n\n [[           inf, -3.8166684e+07,  1.3370935e+06,  7.7369480e+07],\n  [          -inf, -5.6542070e+06,  3.2733658e+07,  5.7806895e+06]]]");
}

#[test]
fn np_random24_float64() {
    let data: Vec<f64> = vec![-573670031.6325532, 85.29434470515744, 64185.035672642734];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-5.73670032e+08,  8.52943447e+01,  6.41850357e+04]"
    );
}

#[test]
fn np_random24_float32() {
    let data: Vec<f32> = vec![-5.7367e+08, 8.529434e+01, 6.4185035e+04];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-5.7367002e+08,  8.5294342e+01,  6.4185035e+04]"
    );
}

#[test]
fn np_random25_float64() {
    let data: Vec<f64> = vec![
        -69.42715433488199,
        -0.0,
        0.10149830767311095,
        7.257224958650064e-07,
        2.2546707633236774e-07,
        6.176510923581291e-07,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[-6.94271543e+01, -0.00000000e+00],\n [ 1.01498308e-01,  7.25722496e-07],\n [ 2.25467076e-07,  6.17651092e-07]]");
}

#[test]
fn np_random25_float32() {
    let data: Vec<f32> = vec![
        -6.9427155e+01,
        -0e+00,
        1.01498306e-01,
        7.257225e-07,
        2.2546708e-07,
        6.176511e-07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(a.to_string(), "[[-6.94271545e+01, -0.00000000e+00],\n [ 1.01498306e-01,  7.25722487e-07],\n [ 2.25467076e-07,  6.17651096e-07]]");
}

#[test]
fn np_random26_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(a.to_string(), "[[nan]]");
}

#[test]
fn np_random26_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(a.to_string(), "[[nan]]");
}

#[test]
fn np_random27_float64() {
    let data: Vec<f64> = vec![
        46318388.12311363,
        0.7786073609060916,
        0.007681489074162608,
        -0.03920369703952649,
        18483.060809338644,
        0.0012993513355707169,
        -0.0032215641393592673,
        781156.3303966093,
        5.454379743824811,
        0.0001786262571712982,
        5415427.97513589,
        845.115607804086,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 4.63183881e+07,  7.78607361e-01,  7.68148907e-03, -3.92036970e-02],\n [ 1.84830608e+04,  1.29935134e-03, -3.22156414e-03,  7.81156330e+05],\n [ 5.45437974e+00,  1.78626257e-04,  5.41542798e+06,  8.45115608e+02]]");
}

#[test]
fn np_random27_float32() {
    let data: Vec<f32> = vec![
        4.6318388e+07,
        7.7860737e-01,
        7.681489e-03,
        -3.9203696e-02,
        1.848306e+04,
        1.2993513e-03,
        -3.2215642e-03,
        7.811563e+05,
        5.4543796e+00,
        1.7862626e-04,
        5.415428e+06,
        8.451156e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 4.6318388e+07,  7.7860737e-01,  7.6814890e-03, -3.9203696e-02],\n [ 1.8483061e+04,  1.2993513e-03, -3.2215642e-03,  7.8115631e+05],\n [ 5.4543796e+00,  1.7862626e-04,  5.4154280e+06,  8.4511560e+02]]");
}

#[test]
fn np_random28_float64() {
    let data: Vec<f64> = vec![
        0.0,
        0.022956468353037024,
        f64::INFINITY,
        0.0,
        2.122542098001871e-06,
        -0.0,
        0.005702082847573566,
        -0.0,
        8.822973358828391e-05,
        -2.142334226159171e-06,
        0.0008817698690683326,
        4.94075461853495e-05,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[ 0.00000000e+00,  2.29564684e-02,             inf],\n [ 0.00000000e+00,  2.12254210e-06, -0.00000000e+00],\n [ 5.70208285e-03, -0.00000000e+00,  8.82297336e-05],\n [-2.14233423e-06,  8.81769869e-04,  4.94075462e-05]]");
}

#[test]
fn np_random28_float32() {
    let data: Vec<f32> = vec![
        0e+00,
        2.2956468e-02,
        f32::INFINITY,
        0e+00,
        2.1225421e-06,
        -0e+00,
        5.702083e-03,
        -0e+00,
        8.822973e-05,
        -2.1423343e-06,
        8.8176987e-04,
        4.9407547e-05,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[ 0.0000000e+00,  2.2956468e-02,            inf],\n [ 0.0000000e+00,  2.1225421e-06, -0.0000000e+00],\n [ 5.7020830e-03, -0.0000000e+00,  8.8229732e-05],\n [-2.1423343e-06,  8.8176987e-04,  4.9407547e-05]]");
}

#[test]
fn np_random29_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 70312.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[   inf, 70312.]");
}

#[test]
fn np_random29_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 7.0312e+04];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[   inf, 70312.]");
}

#[test]
fn np_random30_float64() {
    let data: Vec<f64> = vec![5492331.093176623];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[5492331.09317662]");
}

#[test]
fn np_random30_float32() {
    let data: Vec<f32> = vec![5.492331e+06];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(a.to_string(), "[5.492331e+06]");
}

#[test]
fn np_random31_float64() {
    let data: Vec<f64> = vec![
        -0.0,
        -0.050884662472259166,
        0.004464752751167709,
        0.0730803679079176,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[[-0.        , -0.05088466]],\n\n [[ 0.00446475,  0.07308037]]]"
    );
}

#[test]
fn np_random31_float32() {
    let data: Vec<f32> = vec![-0e+00, -5.0884664e-02, 4.464753e-03, 7.308037e-02];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[[[-0.        , -0.05088466]],\n\n [[ 0.00446475,  0.07308037]]]"
    );
}

#[test]
fn np_random32_float64() {
    let data: Vec<f64> = vec![72.0, -0.02729918397544422];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 7.2000000e+01, -2.7299184e-02]");
}

#[test]
fn np_random32_float32() {
    let data: Vec<f32> = vec![7.2e+01, -2.7299184e-02];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(a.to_string(), "[ 7.2000000e+01, -2.7299184e-02]");
}

#[test]
fn np_random33_float64() {
    let data: Vec<f64> = vec![
        0.0031979965679427,
        0.0005750795853685111,
        -0.04648651252247454,
        -0.028456669270459464,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 0.003198  ,  0.00057508, -0.04648651, -0.02845667]"
    );
}

#[test]
fn np_random33_float32() {
    let data: Vec<f32> = vec![3.1979966e-03, 5.750796e-04, -4.648651e-02, -2.845667e-02];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 0.003198  ,  0.00057508, -0.04648651, -0.02845667]"
    );
}

#[test]
fn np_random34_float64() {
    let data: Vec<f64> = vec![
        -5.545173517911737e-06,
        1.0066630205394346e-05,
        7.630233279929719e-07,
        -1.7521958235232746e-05,
        4.382553580805105e-06,
        1.653231807963699e-05,
        7.704528541481281e-07,
        -6.915974094784263e-06,
        7.843146721083602e-06,
        4.2870248767422726e-06,
        -7.421254873162755e-06,
        -5.469222671902154e-06,
    ];
    let a = StridedArray::<f64, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[[-5.54517352e-06,  1.00666302e-05,  7.63023328e-07]],\n\n [[-1.75219582e-05,  4.38255358e-06,  1.65323181e-05]],\n\n [[ 7.70452854e-07, -6.91597409e-06,  7.84314672e-06]],\n\n [[ 4.28702488e-06, -7.42125487e-06, -5.46922267e-06]]]");
}

#[test]
fn np_random34_float32() {
    let data: Vec<f32> = vec![
        -5.5451737e-06,
        1.006663e-05,
        7.630233e-07,
        -1.7521957e-05,
        4.3825535e-06,
        1.6532318e-05,
        7.7045286e-07,
        -6.915974e-06,
        7.843147e-06,
        4.2870247e-06,
        -7.421255e-06,
        -5.4692227e-06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[[-5.5451737e-06,  1.0066630e-05,  7.6302331e-07]],\n\n [[-1.7521957e-05,  4.3825535e-06,  1.6532318e-05]],\n\n [[ 7.7045286e-07, -6.9159742e-06,  7.8431467e-06]],\n\n [[ 4.2870247e-06, -7.4212548e-06, -5.4692227e-06]]]");
}

#[test]
fn np_random35_float64() {
    let data: Vec<f64> = vec![0.0006077271174967092, 6.586433387587318e-06, -0.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 6.07727117e-04,  6.58643339e-06, -0.00000000e+00]"
    );
}

#[test]
fn np_random35_float32() {
    let data: Vec<f32> = vec![6.077271e-04, 6.5864333e-06, -0e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 6.0772710e-04,  6.5864333e-06, -0.0000000e+00]"
    );
}

#[test]
fn np_random36_float64() {
    let data: Vec<f64> = vec![
        26641.201826796714,
        -0.0,
        18.52113177596705,
        132875.99059230747,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 2.66412018e+04, -0.00000000e+00,  1.85211318e+01,  1.32875991e+05]"
    );
}

#[test]
fn np_random36_float32() {
    let data: Vec<f32> = vec![2.6641201e+04, -0e+00, 1.8521132e+01, 1.3287598e+05];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[ 2.6641201e+04, -0.0000000e+00,  1.8521132e+01,  1.3287598e+05]"
    );
}

#[test]
fn np_random37_float64() {
    let data: Vec<f64> = vec![-0.0, 619.4108996441825, -254132195.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-0.00000000e+00,  6.19410900e+02, -2.54132195e+08]"
    );
}

#[test]
fn np_random37_float32() {
    let data: Vec<f32> = vec![-0e+00, 6.194109e+02, -2.541322e+08];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[-0.000000e+00,  6.194109e+02, -2.541322e+08]"
    );
}

#[test]
fn np_random38_float64() {
    let data: Vec<f64> = vec![
        -92.8255952824251,
        7289.0,
        f64::NEG_INFINITY,
        9237.108635567838,
        -6083.0,
        1661.8328464193537,
        6891.864981447798,
        -58490432.395492375,
        41198627.54152187,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[-9.28255953e+01,  7.28900000e+03,            -inf],\n [ 9.23710864e+03, -6.08300000e+03,  1.66183285e+03],\n [ 6.89186498e+03, -5.84904324e+07,  4.11986275e+07]]");
}

#[test]
fn np_random38_float32() {
    let data: Vec<f32> = vec![
        -9.282559e+01,
        7.289e+03,
        f32::NEG_INFINITY,
        9.237108e+03,
        -6.083e+03,
        1.6618329e+03,
        6.8918647e+03,
        -5.849043e+07,
        4.1198628e+07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(a.to_string(), "[[-9.2825592e+01,  7.2890000e+03,           -inf],\n [ 9.2371084e+03, -6.0830000e+03,  1.6618329e+03],\n [ 6.8918647e+03, -5.8490432e+07,  4.1198628e+07]]");
}

#[test]
fn np_random39_float64() {
    let data: Vec<f64> = vec![
        4.303412286584804e-05,
        2.094085714579481e-06,
        0.0015838282232645393,
        0.0009284175723903043,
        6.692413312672887e-06,
        -4.7457432265525786e-05,
        -4.540987756481606e-05,
        0.009426391486392766,
        -0.006653975834735107,
        -3.0999049184015487e-06,
        6.1396192430946696e-06,
        2.320885881125223e-06,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 4.30341229e-05,  2.09408571e-06,  1.58382822e-03,  9.28417572e-04],\n [ 6.69241331e-06, -4.74574323e-05, -4.54098776e-05,  9.42639149e-03],\n [-6.65397583e-03, -3.09990492e-06,  6.13961924e-06,  2.32088588e-06]]");
}

#[test]
fn np_random39_float32() {
    let data: Vec<f32> = vec![
        4.3034124e-05,
        2.0940856e-06,
        1.5838282e-03,
        9.2841755e-04,
        6.6924135e-06,
        -4.7457434e-05,
        -4.5409877e-05,
        9.426392e-03,
        -6.6539757e-03,
        -3.099905e-06,
        6.139619e-06,
        2.3208859e-06,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(a.to_string(), "[[ 4.3034124e-05,  2.0940856e-06,  1.5838282e-03,  9.2841755e-04],\n [ 6.6924135e-06, -4.7457434e-05, -4.5409877e-05,  9.4263917e-03],\n [-6.6539757e-03, -3.0999049e-06,  6.1396190e-06,  2.3208859e-06]]");
}

#[test]
fn np_wrap_1d_float64() {
    let data: Vec<f64> = (0..40).map(|i| i as f64 / 7.0).collect();
    let a = StridedArray::<f64, 1>::from_vec([40], data).unwrap();
    assert_eq!(a.to_string(), "[0.        , 0.14285714, 0.28571429, 0.42857143, 0.57142857, 0.71428571,\n 0.85714286, 1.        , 1.14285714, 1.28571429, 1.42857143, 1.57142857,\n 1.71428571, 1.85714286, 2.        , 2.14285714, 2.28571429, 2.42857143,\n 2.57142857, 2.71428571, 2.85714286, 3.        , 3.14285714, 3.28571429,\n 3.42857143, 3.57142857, 3.71428571, 3.85714286, 4.        , 4.14285714,\n 4.28571429, 4.42857143, 4.57142857, 4.71428571, 4.85714286, 5.        ,\n 5.14285714, 5.28571429, 5.42857143, 5.57142857]");
}

#[test]
fn np_wrap_1d_float32() {
    let data: Vec<f32> = (0..40).map(|i| i as f32 / 7.0).collect();
    let a = StridedArray::<f32, 1>::from_vec([40], data).unwrap();
    assert_eq!(a.to_string(), "[0.        , 0.14285715, 0.2857143 , 0.42857143, 0.5714286 , 0.71428573,\n 0.85714287, 1.        , 1.1428572 , 1.2857143 , 1.4285715 , 1.5714285 ,\n 1.7142857 , 1.8571428 , 2.        , 2.142857  , 2.2857144 , 2.4285715 ,\n 2.5714285 , 2.7142856 , 2.857143  , 3.        , 3.142857  , 3.2857144 ,\n 3.4285715 , 3.5714285 , 3.7142856 , 3.857143  , 4.        , 4.142857  ,\n 4.285714  , 4.428571  , 4.571429  , 4.714286  , 4.857143  , 5.        ,\n 5.142857  , 5.285714  , 5.428571  , 5.571429  ]");
}

#[test]
fn np_wrap_2d_float64() {
    let data: Vec<f64> = (0..60).map(|i| i as f64 * 0.37).collect();
    let a = StridedArray::<f64, 2>::from_vec([3, 20], data).unwrap();
    assert_eq!(a.to_string(), "[[ 0.  ,  0.37,  0.74,  1.11,  1.48,  1.85,  2.22,  2.59,  2.96,  3.33,\n   3.7 ,  4.07,  4.44,  4.81,  5.18,  5.55,  5.92,  6.29,  6.66,  7.03],\n [ 7.4 ,  7.77,  8.14,  8.51,  8.88,  9.25,  9.62,  9.99, 10.36, 10.73,\n  11.1 , 11.47, 11.84, 12.21, 12.58, 12.95, 13.32, 13.69, 14.06, 14.43],\n [14.8 , 15.17, 15.54, 15.91, 16.28, 16.65, 17.02, 17.39, 17.76, 18.13,\n  18.5 , 18.87, 19.24, 19.61, 19.98, 20.35, 20.72, 21.09, 21.46, 21.83]]");
}

#[test]
fn np_wrap_2d_float32() {
    let data: Vec<f32> = (0..60).map(|i| i as f32 * 0.37).collect();
    let a = StridedArray::<f32, 2>::from_vec([3, 20], data).unwrap();
    assert_eq!(a.to_string(), "[[ 0.       ,  0.37     ,  0.74     ,  1.11     ,  1.48     ,  1.85     ,\n   2.22     ,  2.5900002,  2.96     ,  3.33     ,  3.7      ,  4.07     ,\n   4.44     ,  4.81     ,  5.1800003,  5.55     ,  5.92     ,  6.29     ,\n   6.66     ,  7.03     ],\n [ 7.4      ,  7.77     ,  8.14     ,  8.51     ,  8.88     ,  9.25     ,\n   9.62     ,  9.99     , 10.360001 , 10.7300005, 11.1      , 11.47     ,\n  11.84     , 12.21     , 12.58     , 12.95     , 13.32     , 13.690001 ,\n  14.06     , 14.43     ],\n [14.8      , 15.17     , 15.54     , 15.91     , 16.28     , 16.65     ,\n  17.02     , 17.39     , 17.76     , 18.130001 , 18.5      , 18.87     ,\n  19.24     , 19.61     , 19.98     , 20.35     , 20.720001 , 21.09     ,\n  21.460001 , 21.83     ]]");
}

#[test]
fn np_summarized_1d_float64() {
    let data: Vec<f64> = (0..2000).map(|i| i as f64 / 3.0).collect();
    let a = StridedArray::<f64, 1>::from_vec([2000], data).unwrap();
    assert_eq!(a.to_string(), "[0.00000000e+00, 3.33333333e-01, 6.66666667e-01, ..., 6.65666667e+02,\n 6.66000000e+02, 6.66333333e+02]");
}

#[test]
fn np_summarized_1d_float32() {
    let data: Vec<f32> = (0..2000).map(|i| i as f32 / 3.0).collect();
    let a = StridedArray::<f32, 1>::from_vec([2000], data).unwrap();
    assert_eq!(a.to_string(), "[0.0000000e+00, 3.3333334e-01, 6.6666669e-01, ..., 6.6566669e+02,\n 6.6600000e+02, 6.6633331e+02]");
}

#[test]
fn np_summarized_2d_float64() {
    let data: Vec<f64> = (0..3000).map(|i| i as f64 * 1.5).collect();
    let a = StridedArray::<f64, 2>::from_vec([30, 100], data).unwrap();
    assert_eq!(a.to_string(), "[[0.0000e+00, 1.5000e+00, 3.0000e+00, ..., 1.4550e+02, 1.4700e+02,\n  1.4850e+02],\n [1.5000e+02, 1.5150e+02, 1.5300e+02, ..., 2.9550e+02, 2.9700e+02,\n  2.9850e+02],\n [3.0000e+02, 3.0150e+02, 3.0300e+02, ..., 4.4550e+02, 4.4700e+02,\n  4.4850e+02],\n ...,\n [4.0500e+03, 4.0515e+03, 4.0530e+03, ..., 4.1955e+03, 4.1970e+03,\n  4.1985e+03],\n [4.2000e+03, 4.2015e+03, 4.2030e+03, ..., 4.3455e+03, 4.3470e+03,\n  4.3485e+03],\n [4.3500e+03, 4.3515e+03, 4.3530e+03, ..., 4.4955e+03, 4.4970e+03,\n  4.4985e+03]]");
}

#[test]
fn np_summarized_2d_float32() {
    let data: Vec<f32> = (0..3000).map(|i| i as f32 * 1.5).collect();
    let a = StridedArray::<f32, 2>::from_vec([30, 100], data).unwrap();
    assert_eq!(a.to_string(), "[[0.0000e+00, 1.5000e+00, 3.0000e+00, ..., 1.4550e+02, 1.4700e+02,\n  1.4850e+02],\n [1.5000e+02, 1.5150e+02, 1.5300e+02, ..., 2.9550e+02, 2.9700e+02,\n  2.9850e+02],\n [3.0000e+02, 3.0150e+02, 3.0300e+02, ..., 4.4550e+02, 4.4700e+02,\n  4.4850e+02],\n ...,\n [4.0500e+03, 4.0515e+03, 4.0530e+03, ..., 4.1955e+03, 4.1970e+03,\n  4.1985e+03],\n [4.2000e+03, 4.2015e+03, 4.2030e+03, ..., 4.3455e+03, 4.3470e+03,\n  4.3485e+03],\n [4.3500e+03, 4.3515e+03, 4.3530e+03, ..., 4.4955e+03, 4.4970e+03,\n  4.4985e+03]]");
}

#[test]
fn np_summarized_3d_float64() {
    let data: Vec<f64> = (0..2400).map(|i| i as f64 - 1000.0).collect();
    let a = StridedArray::<f64, 3>::from_vec([10, 12, 20], data).unwrap();
    assert_eq!(a.to_string(), "[[[-1000.,  -999.,  -998., ...,  -983.,  -982.,  -981.],\n  [ -980.,  -979.,  -978., ...,  -963.,  -962.,  -961.],\n  [ -960.,  -959.,  -958., ...,  -943.,  -942.,  -941.],\n  ...,\n  [ -820.,  -819.,  -818., ...,  -803.,  -802.,  -801.],\n  [ -800.,  -799.,  -798., ...,  -783.,  -782.,  -781.],\n  [ -780.,  -779.,  -778., ...,  -763.,  -762.,  -761.]],\n\n [[ -760.,  -759.,  -758., ...,  -743.,  -742.,  -741.],\n  [ -740.,  -739.,  -738., ...,  -723.,  -722.,  -721.],\n  [ -720.,  -719.,  -718., ...,  -703.,  -702.,  -701.],\n  ...,\n  [ -580.,  -579.,  -578., ...,  -563.,  -562.,  -561.],\n  [ -560.,  -559.,  -558., ...,  -543.,  -542.,  -541.],\n  [ -540.,  -539.,  -538., ...,  -523.,  -522.,  -521.]],\n\n [[ -520.,  -519.,  -518., ...,  -503.,  -502.,  -501.],\n  [ -500.,  -499.,  -498., ...,  -483.,  -482.,  -481.],\n  [ -480.,  -479.,  -478., ...,  -463.,  -462.,  -461.],\n  ...,\n  [ -340.,  -339.,  -338., ...,  -323.,  -322.,  -321.],\n  [ -320.,  -319.,  -318., ...,  -303.,  -302.,  -301.],\n  [ -300.,  -299.,  -298., ...,  -283.,  -282.,  -281.]],\n\n ...,\n\n [[  680.,   681.,   682., ...,   697.,   698.,   699.],\n  [  700.,   701.,   702., ...,   717.,   718.,   719.],\n  [  720.,   721.,   722., ...,   737.,   738.,   739.],\n  ...,\n  [  860.,   861.,   862., ...,   877.,   878.,   879.],\n  [  880.,   881.,   882., ...,   897.,   898.,   899.],\n  [  900.,   901.,   902., ...,   917.,   918.,   919.]],\n\n [[  920.,   921.,   922., ...,   937.,   938.,   939.],\n  [  940.,   941.,   942., ...,   957.,   958.,   959.],\n  [  960.,   961.,   962., ...,   977.,   978.,   979.],\n  ...,\n  [ 1100.,  1101.,  1102., ...,  1117.,  1118.,  1119.],\n  [ 1120.,  1121.,  1122., ...,  1137.,  1138.,  1139.],\n  [ 1140.,  1141.,  1142., ...,  1157.,  1158.,  1159.]],\n\n [[ 1160.,  1161.,  1162., ...,  1177.,  1178.,  1179.],\n  [ 1180.,  1181.,  1182., ...,  1197.,  1198.,  1199.],\n  [ 1200.,  1201.,  1202., ...,  1217.,  1218.,  1219.],\n  ...,\n  [ 1340.,  1341.,  1342., ...,  1357.,  1358.,  1359.],\n  [ 1360.,  1361.,  1362., ...,  1377.,  1378.,  1379.],\n  [ 1380.,  1381.,  1382., ...,  1397.,  1398.,  1399.]]]");
}

#[test]
fn np_summarized_3d_float32() {
    let data: Vec<f32> = (0..2400).map(|i| i as f32 - 1000.0).collect();
    let a = StridedArray::<f32, 3>::from_vec([10, 12, 20], data).unwrap();
    assert_eq!(a.to_string(), "[[[-1000.,  -999.,  -998., ...,  -983.,  -982.,  -981.],\n  [ -980.,  -979.,  -978., ...,  -963.,  -962.,  -961.],\n  [ -960.,  -959.,  -958., ...,  -943.,  -942.,  -941.],\n  ...,\n  [ -820.,  -819.,  -818., ...,  -803.,  -802.,  -801.],\n  [ -800.,  -799.,  -798., ...,  -783.,  -782.,  -781.],\n  [ -780.,  -779.,  -778., ...,  -763.,  -762.,  -761.]],\n\n [[ -760.,  -759.,  -758., ...,  -743.,  -742.,  -741.],\n  [ -740.,  -739.,  -738., ...,  -723.,  -722.,  -721.],\n  [ -720.,  -719.,  -718., ...,  -703.,  -702.,  -701.],\n  ...,\n  [ -580.,  -579.,  -578., ...,  -563.,  -562.,  -561.],\n  [ -560.,  -559.,  -558., ...,  -543.,  -542.,  -541.],\n  [ -540.,  -539.,  -538., ...,  -523.,  -522.,  -521.]],\n\n [[ -520.,  -519.,  -518., ...,  -503.,  -502.,  -501.],\n  [ -500.,  -499.,  -498., ...,  -483.,  -482.,  -481.],\n  [ -480.,  -479.,  -478., ...,  -463.,  -462.,  -461.],\n  ...,\n  [ -340.,  -339.,  -338., ...,  -323.,  -322.,  -321.],\n  [ -320.,  -319.,  -318., ...,  -303.,  -302.,  -301.],\n  [ -300.,  -299.,  -298., ...,  -283.,  -282.,  -281.]],\n\n ...,\n\n [[  680.,   681.,   682., ...,   697.,   698.,   699.],\n  [  700.,   701.,   702., ...,   717.,   718.,   719.],\n  [  720.,   721.,   722., ...,   737.,   738.,   739.],\n  ...,\n  [  860.,   861.,   862., ...,   877.,   878.,   879.],\n  [  880.,   881.,   882., ...,   897.,   898.,   899.],\n  [  900.,   901.,   902., ...,   917.,   918.,   919.]],\n\n [[  920.,   921.,   922., ...,   937.,   938.,   939.],\n  [  940.,   941.,   942., ...,   957.,   958.,   959.],\n  [  960.,   961.,   962., ...,   977.,   978.,   979.],\n  ...,\n  [ 1100.,  1101.,  1102., ...,  1117.,  1118.,  1119.],\n  [ 1120.,  1121.,  1122., ...,  1137.,  1138.,  1139.],\n  [ 1140.,  1141.,  1142., ...,  1157.,  1158.,  1159.]],\n\n [[ 1160.,  1161.,  1162., ...,  1177.,  1178.,  1179.],\n  [ 1180.,  1181.,  1182., ...,  1197.,  1198.,  1199.],\n  [ 1200.,  1201.,  1202., ...,  1217.,  1218.,  1219.],\n  ...,\n  [ 1340.,  1341.,  1342., ...,  1357.,  1358.,  1359.],\n  [ 1360.,  1361.,  1362., ...,  1377.,  1378.,  1379.],\n  [ 1380.,  1381.,  1382., ...,  1397.,  1398.,  1399.]]]");
}

#[test]
fn np_summarized_sci_float64() {
    let data: Vec<f64> = (0..1200).map(|i| (i as f64 + 1.0) * 1e5).collect();
    let a = StridedArray::<f64, 1>::from_vec([1200], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[1.000e+05, 2.000e+05, 3.000e+05, ..., 1.198e+08, 1.199e+08, 1.200e+08]"
    );
}

#[test]
fn np_summarized_sci_float32() {
    let data: Vec<f32> = (0..1200).map(|i| (i as f32 + 1.0) * 1e5).collect();
    let a = StridedArray::<f32, 1>::from_vec([1200], data).unwrap();
    assert_eq!(
        a.to_string(),
        "[1.000e+05, 2.000e+05, 3.000e+05, ..., 1.198e+08, 1.199e+08, 1.200e+08]"
    );
}

#[test]
fn np_fixed2_issue_mixed_float64() {
    let data: Vec<f64> = vec![4.166666666666667, 4.5, 0.3333333333333333, 2.0];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[4.17, 4.50],\n [0.33, 2.00]]");
}

#[test]
fn np_fixed2_issue_mixed_float32() {
    let data: Vec<f32> = vec![4.1666665e+00, 4.5e+00, 3.3333334e-01, 2e+00];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[4.17, 4.50],\n [0.33, 2.00]]");
}

#[test]
fn np_fixed2_issue_integral_and_fraction_float64() {
    let data: Vec<f64> = vec![100.0, 203.3, 7.0, 0.25];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[100.00, 203.30],\n [  7.00,   0.25]]");
}

#[test]
fn np_fixed2_issue_integral_and_fraction_float32() {
    let data: Vec<f32> = vec![1e+02, 2.033e+02, 7e+00, 2.5e-01];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[100.00, 203.30],\n [  7.00,   0.25]]");
}

#[test]
fn np_fixed2_integral_float64() {
    let data: Vec<f64> = vec![1.0, 2.0, 3.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00, 2.00, 3.00]");
}

#[test]
fn np_fixed2_integral_float32() {
    let data: Vec<f32> = vec![1e+00, 2e+00, 3e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00, 2.00, 3.00]");
}

#[test]
fn np_fixed2_integral_negative_float64() {
    let data: Vec<f64> = vec![-1.0, 0.0, 17.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-1.00,  0.00, 17.00]");
}

#[test]
fn np_fixed2_integral_negative_float32() {
    let data: Vec<f32> = vec![-1e+00, 0e+00, 1.7e+01];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-1.00,  0.00, 17.00]");
}

#[test]
fn np_fixed2_neg_zero_float64() {
    let data: Vec<f64> = vec![-0.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-0.00,  1.00]");
}

#[test]
fn np_fixed2_neg_zero_float32() {
    let data: Vec<f32> = vec![-0e+00, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-0.00,  1.00]");
}

#[test]
fn np_fixed2_zeros_float64() {
    let data: Vec<f64> = vec![0.0, 0.0, 0.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.00, 0.00, 0.00]");
}

#[test]
fn np_fixed2_zeros_float32() {
    let data: Vec<f32> = vec![0e+00, 0e+00, 0e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.00, 0.00, 0.00]");
}

#[test]
fn np_fixed2_halves_float64() {
    let data: Vec<f64> = vec![0.5, -1.25];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ 0.50, -1.25]");
}

#[test]
fn np_fixed2_halves_float32() {
    let data: Vec<f32> = vec![5e-01, -1.25e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ 0.50, -1.25]");
}

#[test]
fn np_fixed2_thirds_float64() {
    let data: Vec<f64> = vec![0.3333333333333333, 0.6666666666666666, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.33, 0.67, 1.00]");
}

#[test]
fn np_fixed2_thirds_float32() {
    let data: Vec<f32> = vec![3.3333334e-01, 6.666667e-01, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.33, 0.67, 1.00]");
}

#[test]
fn np_fixed2_tenth_float64() {
    let data: Vec<f64> = vec![0.1, 0.2, 0.3];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.10, 0.20, 0.30]");
}

#[test]
fn np_fixed2_tenth_float32() {
    let data: Vec<f32> = vec![1e-01, 2e-01, 3e-01];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.10, 0.20, 0.30]");
}

#[test]
fn np_fixed2_sum_tenths_float64() {
    let data: Vec<f64> = vec![0.30000000000000004, 0.7];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.30, 0.70]");
}

#[test]
fn np_fixed2_sum_tenths_float32() {
    let data: Vec<f32> = vec![3e-01, 7e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.30, 0.70]");
}

#[test]
fn np_fixed2_round_up_carry_float64() {
    let data: Vec<f64> = vec![0.999999999, 1.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00, 1.50]");
}

#[test]
fn np_fixed2_round_up_carry_float32() {
    let data: Vec<f32> = vec![1e+00, 1.5e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00, 1.50]");
}

#[test]
fn np_fixed2_tie_float64() {
    let data: Vec<f64> = vec![0.001953125, 0.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.00, 0.50]");
}

#[test]
fn np_fixed2_tie_float32() {
    let data: Vec<f32> = vec![1.953125e-03, 5e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[0.00, 0.50]");
}

#[test]
fn np_fixed2_large_fixed_float64() {
    let data: Vec<f64> = vec![12345678.9, 1.5];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.23e+07, 1.50e+00]");
}

#[test]
fn np_fixed2_large_fixed_float32() {
    let data: Vec<f32> = vec![1.2345679e+07, 1.5e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.23e+07, 1.50e+00]");
}

#[test]
fn np_fixed2_just_below_1e8_float64() {
    let data: Vec<f64> = vec![99999999.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+08, 1.00e+00]");
}

#[test]
fn np_fixed2_just_below_1e8_float32() {
    let data: Vec<f32> = vec![1e+08, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+08, 1.00e+00]");
}

#[test]
fn np_fixed2_at_1e8_float64() {
    let data: Vec<f64> = vec![100000000.0, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+08, 1.00e+00]");
}

#[test]
fn np_fixed2_at_1e8_float32() {
    let data: Vec<f32> = vec![1e+08, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+08, 1.00e+00]");
}

#[test]
fn np_fixed2_sci_large_float64() {
    let data: Vec<f64> = vec![10000000000.0];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+10]");
}

#[test]
fn np_fixed2_sci_large_float32() {
    let data: Vec<f32> = vec![1e+10];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+10]");
}

#[test]
fn np_fixed2_sci_large_and_tiny_float64() {
    let data: Vec<f64> = vec![10000000000.0, 1.5e-05];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+10, 1.50e-05]");
}

#[test]
fn np_fixed2_sci_large_and_tiny_float32() {
    let data: Vec<f32> = vec![1e+10, 1.5e-05];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+10, 1.50e-05]");
}

#[test]
fn np_fixed2_sci_tiny_float64() {
    let data: Vec<f64> = vec![1.5e-05, 2.25e-07];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.50e-05, 2.25e-07]");
}

#[test]
fn np_fixed2_sci_tiny_float32() {
    let data: Vec<f32> = vec![1.5e-05, 2.25e-07];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.50e-05, 2.25e-07]");
}

#[test]
fn np_fixed2_sci_ratio_float64() {
    let data: Vec<f64> = vec![1.0, 1001.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+00, 1.00e+03]");
}

#[test]
fn np_fixed2_sci_ratio_float32() {
    let data: Vec<f32> = vec![1e+00, 1.001e+03];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+00, 1.00e+03]");
}

#[test]
fn np_fixed2_ratio_1000_float64() {
    let data: Vec<f64> = vec![1.0, 1000.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[   1.00, 1000.00]");
}

#[test]
fn np_fixed2_ratio_1000_float32() {
    let data: Vec<f32> = vec![1e+00, 1e+03];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[   1.00, 1000.00]");
}

#[test]
fn np_fixed2_min_1e_minus4_float64() {
    let data: Vec<f64> = vec![0.0001, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-04, 1.00e+00]");
}

#[test]
fn np_fixed2_min_1e_minus4_float32() {
    let data: Vec<f32> = vec![1e-04, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-04, 1.00e+00]");
}

#[test]
fn np_fixed2_below_1e_minus4_float64() {
    let data: Vec<f64> = vec![9.9e-05, 1.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[9.90e-05, 1.00e+00]");
}

#[test]
fn np_fixed2_below_1e_minus4_float32() {
    let data: Vec<f32> = vec![9.9e-05, 1e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[9.90e-05, 1.00e+00]");
}

#[test]
fn np_fixed2_sci_exp3_float64() {
    let data: Vec<f64> = vec![1e+100, 1.5e-05];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e+100, 1.50e-005]");
}

#[test]
fn np_fixed2_sci_huge_tiny_float64() {
    let data: Vec<f64> = vec![1e-300, 1e+300];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-300, 1.00e+300]");
}

#[test]
fn np_fixed2_sci_negative_float64() {
    let data: Vec<f64> = vec![-15000000000.0, 2.0, -0.00325];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-1.50e+10,  2.00e+00, -3.25e-03]");
}

#[test]
fn np_fixed2_sci_negative_float32() {
    let data: Vec<f32> = vec![-1.5e+10, 2e+00, -3.25e-03];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[-1.50e+10,  2.00e+00, -3.25e-03]");
}

#[test]
fn np_fixed2_sci_nan_float64() {
    let data: Vec<f64> = vec![0.1, 1e-05, f64::NAN];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-01, 1.00e-05,      nan]");
}

#[test]
fn np_fixed2_sci_nan_float32() {
    let data: Vec<f32> = vec![1e-01, 1e-05, f32::NAN];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-01, 1.00e-05,      nan]");
}

#[test]
fn np_fixed2_sci_inf_float64() {
    let data: Vec<f64> = vec![1e-05, f64::NEG_INFINITY, 3.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-05,     -inf, 3.00e+00]");
}

#[test]
fn np_fixed2_sci_inf_float32() {
    let data: Vec<f32> = vec![1e-05, f32::NEG_INFINITY, 3e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-05,     -inf, 3.00e+00]");
}

#[test]
fn np_fixed2_nan_only_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[nan]");
}

#[test]
fn np_fixed2_nan_only_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[nan]");
}

#[test]
fn np_fixed2_nan_inf_float64() {
    let data: Vec<f64> = vec![f64::NAN, f64::INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[nan, inf]");
}

#[test]
fn np_fixed2_nan_inf_float32() {
    let data: Vec<f32> = vec![f32::NAN, f32::INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[nan, inf]");
}

#[test]
fn np_fixed2_nan_neginf_float64() {
    let data: Vec<f64> = vec![f64::NAN, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, -inf]");
}

#[test]
fn np_fixed2_nan_neginf_float32() {
    let data: Vec<f32> = vec![f32::NAN, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, -inf]");
}

#[test]
fn np_fixed2_nan_inf_numbers_float64() {
    let data: Vec<f64> = vec![f64::NAN, 1.5, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, 1.50, -inf]");
}

#[test]
fn np_fixed2_nan_inf_numbers_float32() {
    let data: Vec<f32> = vec![f32::NAN, 1.5e+00, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, 1.50, -inf]");
}

#[test]
fn np_fixed2_inf_integral_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 1.0, 2.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ inf, 1.00, 2.00]");
}

#[test]
fn np_fixed2_inf_integral_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 1e+00, 2e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ inf, 1.00, 2.00]");
}

#[test]
fn np_fixed2_nan_long_fraction_float64() {
    let data: Vec<f64> = vec![f64::NAN, 0.123456789];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, 0.12]");
}

#[test]
fn np_fixed2_nan_long_fraction_float32() {
    let data: Vec<f32> = vec![f32::NAN, 1.2345679e-01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ nan, 0.12]");
}

#[test]
fn np_fixed2_pi_e_float64() {
    let data: Vec<f64> = vec![3.141592653589793, 2.718281828459045, -3.141592653589793];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ 3.14,  2.72, -3.14]");
}

#[test]
fn np_fixed2_pi_e_float32() {
    let data: Vec<f32> = vec![3.1415927e+00, 2.7182817e+00, -3.1415927e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[ 3.14,  2.72, -3.14]");
}

#[test]
fn np_fixed2_f32_shortest_float64() {
    let data: Vec<f64> = vec![0.1, 1.1, 16777217.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-01, 1.10e+00, 1.68e+07]");
}

#[test]
fn np_fixed2_f32_shortest_float32() {
    let data: Vec<f32> = vec![1e-01, 1.1e+00, 1.6777216e+07];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.00e-01, 1.10e+00, 1.68e+07]");
}

#[test]
fn np_fixed2_max_prec_float64() {
    let data: Vec<f64> = vec![1.23456789012, 2.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.23, 2.00]");
}

#[test]
fn np_fixed2_max_prec_float32() {
    let data: Vec<f32> = vec![1.2345679e+00, 2e+00];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[1.23, 2.00]");
}

#[test]
fn np_fixed2_rank0_float64() {
    let data: Vec<f64> = vec![1.5];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.50");
}

#[test]
fn np_fixed2_rank0_float32() {
    let data: Vec<f32> = vec![1.5e+00];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.50");
}

#[test]
fn np_fixed2_rank0_integral_float64() {
    let data: Vec<f64> = vec![1.0];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.00");
}

#[test]
fn np_fixed2_rank0_integral_float32() {
    let data: Vec<f32> = vec![1e+00];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.00");
}

#[test]
fn np_fixed2_rank0_nan_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "nan");
}

#[test]
fn np_fixed2_rank0_nan_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "nan");
}

#[test]
fn np_fixed2_rank0_sci_float64() {
    let data: Vec<f64> = vec![1e+20];
    let a = StridedArray::<f64, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.00e+20");
}

#[test]
fn np_fixed2_rank0_sci_float32() {
    let data: Vec<f32> = vec![1e+20];
    let a = StridedArray::<f32, 0>::from_vec([], data).unwrap();
    assert_eq!(format!("{a:.2}"), "1.00e+20");
}

#[test]
fn np_fixed2_empty_float64() {
    let data: Vec<f64> = vec![];
    let a = StridedArray::<f64, 1>::from_vec([0], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[]");
}

#[test]
fn np_fixed2_empty_float32() {
    let data: Vec<f32> = vec![];
    let a = StridedArray::<f32, 1>::from_vec([0], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[]");
}

#[test]
fn np_fixed2_empty_2x0_float64() {
    let data: Vec<f64> = vec![];
    let a = StridedArray::<f64, 2>::from_vec([2, 0], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[]");
}

#[test]
fn np_fixed2_empty_2x0_float32() {
    let data: Vec<f32> = vec![];
    let a = StridedArray::<f32, 2>::from_vec([2, 0], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[]");
}

#[test]
fn np_fixed2_rank3_float64() {
    let data: Vec<f64> = vec![
        -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 3, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[[-1.00, -0.75],\n  [-0.50, -0.25],\n  [ 0.00,  0.25]],\n\n [[ 0.50,  0.75],\n  [ 1.00,  1.25],\n  [ 1.50,  1.75]]]");
}

#[test]
fn np_fixed2_rank3_float32() {
    let data: Vec<f32> = vec![
        -1e+00, -7.5e-01, -5e-01, -2.5e-01, 0e+00, 2.5e-01, 5e-01, 7.5e-01, 1e+00, 1.25e+00,
        1.5e+00, 1.75e+00,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 3, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[[-1.00, -0.75],\n  [-0.50, -0.25],\n  [ 0.00,  0.25]],\n\n [[ 0.50,  0.75],\n  [ 1.00,  1.25],\n  [ 1.50,  1.75]]]");
}

#[test]
fn np_fixed2_rank3_sci_float64() {
    let data: Vec<f64> = vec![1e-06, 1e-05, 0.0001, 0.001, 0.01, 0.1, 1.0, 10.0];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[[1.00e-06, 1.00e-05],\n  [1.00e-04, 1.00e-03]],\n\n [[1.00e-02, 1.00e-01],\n  [1.00e+00, 1.00e+01]]]");
}

#[test]
fn np_fixed2_rank3_sci_float32() {
    let data: Vec<f32> = vec![1e-06, 1e-05, 1e-04, 1e-03, 1e-02, 1e-01, 1e+00, 1e+01];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[[1.00e-06, 1.00e-05],\n  [1.00e-04, 1.00e-03]],\n\n [[1.00e-02, 1.00e-01],\n  [1.00e+00, 1.00e+01]]]");
}

#[test]
fn np_fixed0_random0_float64() {
    let data: Vec<f64> = vec![9471.352433881091];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[9471.]");
}

#[test]
fn np_fixed3_random0_float64() {
    let data: Vec<f64> = vec![9471.352433881091];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[9471.352]");
}

#[test]
fn np_fixed0_random0_float32() {
    let data: Vec<f32> = vec![9.471353e+03];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[9471.]");
}

#[test]
fn np_fixed3_random0_float32() {
    let data: Vec<f32> = vec![9.471353e+03];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[9471.353]");
}

#[test]
fn np_fixed0_random1_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 8783.603376321258, -7727535.8057500655];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[      inf,     8784., -7727536.]");
}

#[test]
fn np_fixed3_random1_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 8783.603376321258, -7727535.8057500655];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[         inf,     8783.603, -7727535.806]"
    );
}

#[test]
fn np_fixed0_random1_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 8.783604e+03, -7.727536e+06];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[    inf,  9.e+03, -8.e+06]");
}

#[test]
fn np_fixed3_random1_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 8.783604e+03, -7.727536e+06];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[       inf,  8.784e+03, -7.728e+06]");
}

#[test]
fn np_fixed0_random2_float64() {
    let data: Vec<f64> = vec![
        0.9085235161017908,
        -0.0,
        0.0,
        518.1574451340292,
        0.0,
        6.582244734071778,
        0.31380397201969945,
        0.09079401917421728,
        46.667405634985215,
        -4.0,
        -0.08447780700052974,
        77.97380057065078,
        4.0,
        -5.799660542676329,
        -1.0,
        5.026190036706541,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 9.e-01, -0.e+00,  0.e+00,  5.e+02],\n [ 0.e+00,  7.e+00,  3.e-01,  9.e-02],\n [ 5.e+01, -4.e+00, -8.e-02,  8.e+01],\n [ 4.e+00, -6.e+00, -1.e+00,  5.e+00]]");
}

#[test]
fn np_fixed3_random2_float64() {
    let data: Vec<f64> = vec![
        0.9085235161017908,
        -0.0,
        0.0,
        518.1574451340292,
        0.0,
        6.582244734071778,
        0.31380397201969945,
        0.09079401917421728,
        46.667405634985215,
        -4.0,
        -0.08447780700052974,
        77.97380057065078,
        4.0,
        -5.799660542676329,
        -1.0,
        5.026190036706541,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 9.085e-01, -0.000e+00,  0.000e+00,  5.182e+02],\n [ 0.000e+00,  6.582e+00,  3.138e-01,  9.079e-02],\n [ 4.667e+01, -4.000e+00, -8.448e-02,  7.797e+01],\n [ 4.000e+00, -5.800e+00, -1.000e+00,  5.026e+00]]");
}

#[test]
fn np_fixed0_random2_float32() {
    let data: Vec<f32> = vec![
        9.085235e-01,
        -0e+00,
        0e+00,
        5.181575e+02,
        0e+00,
        6.582245e+00,
        3.1380397e-01,
        9.079402e-02,
        4.6667404e+01,
        -4e+00,
        -8.4477805e-02,
        7.79738e+01,
        4e+00,
        -5.7996607e+00,
        -1e+00,
        5.02619e+00,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 9.e-01, -0.e+00,  0.e+00,  5.e+02],\n [ 0.e+00,  7.e+00,  3.e-01,  9.e-02],\n [ 5.e+01, -4.e+00, -8.e-02,  8.e+01],\n [ 4.e+00, -6.e+00, -1.e+00,  5.e+00]]");
}

#[test]
fn np_fixed3_random2_float32() {
    let data: Vec<f32> = vec![
        9.085235e-01,
        -0e+00,
        0e+00,
        5.181575e+02,
        0e+00,
        6.582245e+00,
        3.1380397e-01,
        9.079402e-02,
        4.6667404e+01,
        -4e+00,
        -8.4477805e-02,
        7.79738e+01,
        4e+00,
        -5.7996607e+00,
        -1e+00,
        5.02619e+00,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 9.085e-01, -0.000e+00,  0.000e+00,  5.182e+02],\n [ 0.000e+00,  6.582e+00,  3.138e-01,  9.079e-02],\n [ 4.667e+01, -4.000e+00, -8.448e-02,  7.797e+01],\n [ 4.000e+00, -5.800e+00, -1.000e+00,  5.026e+00]]");
}

#[test]
fn np_fixed0_random3_float64() {
    let data: Vec<f64> = vec![
        2.5127383723093093e-06,
        0.08316659680820503,
        0.00034664737755411124,
        13514.442274223195,
        8.34573698980046e-05,
        -0.03803926157985094,
        -7.858931702067786e-05,
        0.0,
        6644.0,
        -0.0007994733489627476,
        4.497206316551987e-05,
        252354.26588686055,
        361781588.3028539,
        10371989.626386752,
        0.0,
        f64::INFINITY,
        5.510867358697032e-05,
        0.0,
        3.0124352932713316,
        -915318.06515016,
        0.0,
        -4.309393862186157e-06,
        2919881.9062766302,
        0.0002741229867769559,
        1.5936584595757135e-06,
        -1.0674439796550067e-06,
        -0.38522420589390893,
        0.10009502797745191,
        366814.6515403353,
        -0.007551129498928902,
        -3.9767612206710095e-06,
        9436021.0,
        21673.5400633169,
        -0.0,
        0.005050169473444033,
        0.0036236465460241915,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 3.e-06,  8.e-02,  3.e-04,  1.e+04],\n  [ 8.e-05, -4.e-02, -8.e-05,  0.e+00],\n  [ 7.e+03, -8.e-04,  4.e-05,  3.e+05]],\n\n [[ 4.e+08,  1.e+07,  0.e+00,     inf],\n  [ 6.e-05,  0.e+00,  3.e+00, -9.e+05],\n  [ 0.e+00, -4.e-06,  3.e+06,  3.e-04]],\n\n [[ 2.e-06, -1.e-06, -4.e-01,  1.e-01],\n  [ 4.e+05, -8.e-03, -4.e-06,  9.e+06],\n  [ 2.e+04, -0.e+00,  5.e-03,  4.e-03]]]");
}

#[test]
fn np_fixed3_random3_float64() {
    let data: Vec<f64> = vec![
        2.5127383723093093e-06,
        0.08316659680820503,
        0.00034664737755411124,
        13514.442274223195,
        8.34573698980046e-05,
        -0.03803926157985094,
        -7.858931702067786e-05,
        0.0,
        6644.0,
        -0.0007994733489627476,
        4.497206316551987e-05,
        252354.26588686055,
        361781588.3028539,
        10371989.626386752,
        0.0,
        f64::INFINITY,
        5.510867358697032e-05,
        0.0,
        3.0124352932713316,
        -915318.06515016,
        0.0,
        -4.309393862186157e-06,
        2919881.9062766302,
        0.0002741229867769559,
        1.5936584595757135e-06,
        -1.0674439796550067e-06,
        -0.38522420589390893,
        0.10009502797745191,
        366814.6515403353,
        -0.007551129498928902,
        -3.9767612206710095e-06,
        9436021.0,
        21673.5400633169,
        -0.0,
        0.005050169473444033,
        0.0036236465460241915,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 2.513e-06,  8.317e-02,  3.466e-04,  1.351e+04],\n  [ 8.346e-05, -3.804e-02, -7.859e-05,  0.000e+00],\n  [ 6.644e+03, -7.995e-04,  4.497e-05,  2.524e+05]],\n\n [[ 3.618e+08,  1.037e+07,  0.000e+00,        inf],\n  [ 5.511e-05,  0.000e+00,  3.012e+00, -9.153e+05],\n  [ 0.000e+00, -4.309e-06,  2.920e+06,  2.741e-04]],\n\n [[ 1.594e-06, -1.067e-06, -3.852e-01,  1.001e-01],\n  [ 3.668e+05, -7.551e-03, -3.977e-06,  9.436e+06],\n  [ 2.167e+04, -0.000e+00,  5.050e-03,  3.624e-03]]]");
}

#[test]
fn np_fixed0_random3_float32() {
    let data: Vec<f32> = vec![
        2.5127383e-06,
        8.31666e-02,
        3.4664737e-04,
        1.3514442e+04,
        8.345737e-05,
        -3.8039263e-02,
        -7.858931e-05,
        0e+00,
        6.644e+03,
        -7.994734e-04,
        4.4972065e-05,
        2.5235427e+05,
        3.617816e+08,
        1.037199e+07,
        0e+00,
        f32::INFINITY,
        5.5108674e-05,
        0e+00,
        3.0124352e+00,
        -9.1531806e+05,
        0e+00,
        -4.3093937e-06,
        2.919882e+06,
        2.7412298e-04,
        1.5936585e-06,
        -1.067444e-06,
        -3.852242e-01,
        1.00095026e-01,
        3.6681466e+05,
        -7.5511294e-03,
        -3.976761e-06,
        9.436021e+06,
        2.1673541e+04,
        -0e+00,
        5.0501693e-03,
        3.6236465e-03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 3.e-06,  8.e-02,  3.e-04,  1.e+04],\n  [ 8.e-05, -4.e-02, -8.e-05,  0.e+00],\n  [ 7.e+03, -8.e-04,  4.e-05,  3.e+05]],\n\n [[ 4.e+08,  1.e+07,  0.e+00,     inf],\n  [ 6.e-05,  0.e+00,  3.e+00, -9.e+05],\n  [ 0.e+00, -4.e-06,  3.e+06,  3.e-04]],\n\n [[ 2.e-06, -1.e-06, -4.e-01,  1.e-01],\n  [ 4.e+05, -8.e-03, -4.e-06,  9.e+06],\n  [ 2.e+04, -0.e+00,  5.e-03,  4.e-03]]]");
}

#[test]
fn np_fixed3_random3_float32() {
    let data: Vec<f32> = vec![
        2.5127383e-06,
        8.31666e-02,
        3.4664737e-04,
        1.3514442e+04,
        8.345737e-05,
        -3.8039263e-02,
        -7.858931e-05,
        0e+00,
        6.644e+03,
        -7.994734e-04,
        4.4972065e-05,
        2.5235427e+05,
        3.617816e+08,
        1.037199e+07,
        0e+00,
        f32::INFINITY,
        5.5108674e-05,
        0e+00,
        3.0124352e+00,
        -9.1531806e+05,
        0e+00,
        -4.3093937e-06,
        2.919882e+06,
        2.7412298e-04,
        1.5936585e-06,
        -1.067444e-06,
        -3.852242e-01,
        1.00095026e-01,
        3.6681466e+05,
        -7.5511294e-03,
        -3.976761e-06,
        9.436021e+06,
        2.1673541e+04,
        -0e+00,
        5.0501693e-03,
        3.6236465e-03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 2.513e-06,  8.317e-02,  3.466e-04,  1.351e+04],\n  [ 8.346e-05, -3.804e-02, -7.859e-05,  0.000e+00],\n  [ 6.644e+03, -7.995e-04,  4.497e-05,  2.524e+05]],\n\n [[ 3.618e+08,  1.037e+07,  0.000e+00,        inf],\n  [ 5.511e-05,  0.000e+00,  3.012e+00, -9.153e+05],\n  [ 0.000e+00, -4.309e-06,  2.920e+06,  2.741e-04]],\n\n [[ 1.594e-06, -1.067e-06, -3.852e-01,  1.001e-01],\n  [ 3.668e+05, -7.551e-03, -3.977e-06,  9.436e+06],\n  [ 2.167e+04, -0.000e+00,  5.050e-03,  3.624e-03]]]");
}

#[test]
fn np_fixed0_random4_float64() {
    let data: Vec<f64> = vec![43.30925406621303, 0.0];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[43.]],\n\n [[ 0.]]]");
}

#[test]
fn np_fixed3_random4_float64() {
    let data: Vec<f64> = vec![43.30925406621303, 0.0];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[43.309]],\n\n [[ 0.000]]]");
}

#[test]
fn np_fixed0_random4_float32() {
    let data: Vec<f32> = vec![4.3309254e+01, 0e+00];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[43.]],\n\n [[ 0.]]]");
}

#[test]
fn np_fixed3_random4_float32() {
    let data: Vec<f32> = vec![4.3309254e+01, 0e+00];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[43.309]],\n\n [[ 0.000]]]");
}

#[test]
fn np_fixed0_random5_float64() {
    let data: Vec<f64> = vec![
        169216.0,
        68170.0,
        72005.54555141098,
        147734.5098842618,
        5438.0,
        8467.61228102652,
        345758.5265877724,
        41077.25683554456,
        f64::INFINITY,
        8085.41727775048,
        897340.629505323,
        -7580.708912007476,
        -3772.4436030206543,
        29588.81017919821,
        5716.643300024648,
        -893936.3785323424,
        809.1312624111804,
        54462.01336196031,
        791563.9843036588,
        -677775.2028917078,
        204402.46798612177,
        33468.65929474522,
        3839.2563082277147,
        -172990.53442269837,
        71309.85023824581,
        -296781.2957901916,
        3798.662440592199,
        44558.314355275426,
        5142.432932654893,
        66722.19538705924,
        140715.0,
        -926450.7777308443,
        23945.11941186177,
        17918.008533382865,
        -734846.3707968277,
        7358.402348279546,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 2.e+05,  7.e+04,  7.e+04,  1.e+05],\n  [ 5.e+03,  8.e+03,  3.e+05,  4.e+04],\n  [    inf,  8.e+03,  9.e+05, -8.e+03]],\n\n [[-4.e+03,  3.e+04,  6.e+03, -9.e+05],\n  [ 8.e+02,  5.e+04,  8.e+05, -7.e+05],\n  [ 2.e+05,  3.e+04,  4.e+03, -2.e+05]],\n\n [[ 7.e+04, -3.e+05,  4.e+03,  4.e+04],\n  [ 5.e+03,  7.e+04,  1.e+05, -9.e+05],\n  [ 2.e+04,  2.e+04, -7.e+05,  7.e+03]]]");
}

#[test]
fn np_fixed3_random5_float64() {
    let data: Vec<f64> = vec![
        169216.0,
        68170.0,
        72005.54555141098,
        147734.5098842618,
        5438.0,
        8467.61228102652,
        345758.5265877724,
        41077.25683554456,
        f64::INFINITY,
        8085.41727775048,
        897340.629505323,
        -7580.708912007476,
        -3772.4436030206543,
        29588.81017919821,
        5716.643300024648,
        -893936.3785323424,
        809.1312624111804,
        54462.01336196031,
        791563.9843036588,
        -677775.2028917078,
        204402.46798612177,
        33468.65929474522,
        3839.2563082277147,
        -172990.53442269837,
        71309.85023824581,
        -296781.2957901916,
        3798.662440592199,
        44558.314355275426,
        5142.432932654893,
        66722.19538705924,
        140715.0,
        -926450.7777308443,
        23945.11941186177,
        17918.008533382865,
        -734846.3707968277,
        7358.402348279546,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 1.692e+05,  6.817e+04,  7.201e+04,  1.477e+05],\n  [ 5.438e+03,  8.468e+03,  3.458e+05,  4.108e+04],\n  [       inf,  8.085e+03,  8.973e+05, -7.581e+03]],\n\n [[-3.772e+03,  2.959e+04,  5.717e+03, -8.939e+05],\n  [ 8.091e+02,  5.446e+04,  7.916e+05, -6.778e+05],\n  [ 2.044e+05,  3.347e+04,  3.839e+03, -1.730e+05]],\n\n [[ 7.131e+04, -2.968e+05,  3.799e+03,  4.456e+04],\n  [ 5.142e+03,  6.672e+04,  1.407e+05, -9.265e+05],\n  [ 2.395e+04,  1.792e+04, -7.348e+05,  7.358e+03]]]");
}

#[test]
fn np_fixed0_random5_float32() {
    let data: Vec<f32> = vec![
        1.69216e+05,
        6.817e+04,
        7.200555e+04,
        1.4773452e+05,
        5.438e+03,
        8.467612e+03,
        3.4575853e+05,
        4.1077258e+04,
        f32::INFINITY,
        8.0854175e+03,
        8.973406e+05,
        -7.580709e+03,
        -3.7724436e+03,
        2.958881e+04,
        5.716643e+03,
        -8.939364e+05,
        8.091313e+02,
        5.446201e+04,
        7.91564e+05,
        -6.777752e+05,
        2.0440247e+05,
        3.346866e+04,
        3.8392563e+03,
        -1.7299053e+05,
        7.130985e+04,
        -2.9678128e+05,
        3.7986624e+03,
        4.4558312e+04,
        5.142433e+03,
        6.6722195e+04,
        1.40715e+05,
        -9.2645075e+05,
        2.394512e+04,
        1.7918008e+04,
        -7.348464e+05,
        7.3584023e+03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 2.e+05,  7.e+04,  7.e+04,  1.e+05],\n  [ 5.e+03,  8.e+03,  3.e+05,  4.e+04],\n  [    inf,  8.e+03,  9.e+05, -8.e+03]],\n\n [[-4.e+03,  3.e+04,  6.e+03, -9.e+05],\n  [ 8.e+02,  5.e+04,  8.e+05, -7.e+05],\n  [ 2.e+05,  3.e+04,  4.e+03, -2.e+05]],\n\n [[ 7.e+04, -3.e+05,  4.e+03,  4.e+04],\n  [ 5.e+03,  7.e+04,  1.e+05, -9.e+05],\n  [ 2.e+04,  2.e+04, -7.e+05,  7.e+03]]]");
}

#[test]
fn np_fixed3_random5_float32() {
    let data: Vec<f32> = vec![
        1.69216e+05,
        6.817e+04,
        7.200555e+04,
        1.4773452e+05,
        5.438e+03,
        8.467612e+03,
        3.4575853e+05,
        4.1077258e+04,
        f32::INFINITY,
        8.0854175e+03,
        8.973406e+05,
        -7.580709e+03,
        -3.7724436e+03,
        2.958881e+04,
        5.716643e+03,
        -8.939364e+05,
        8.091313e+02,
        5.446201e+04,
        7.91564e+05,
        -6.777752e+05,
        2.0440247e+05,
        3.346866e+04,
        3.8392563e+03,
        -1.7299053e+05,
        7.130985e+04,
        -2.9678128e+05,
        3.7986624e+03,
        4.4558312e+04,
        5.142433e+03,
        6.6722195e+04,
        1.40715e+05,
        -9.2645075e+05,
        2.394512e+04,
        1.7918008e+04,
        -7.348464e+05,
        7.3584023e+03,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 1.692e+05,  6.817e+04,  7.201e+04,  1.477e+05],\n  [ 5.438e+03,  8.468e+03,  3.458e+05,  4.108e+04],\n  [       inf,  8.085e+03,  8.973e+05, -7.581e+03]],\n\n [[-3.772e+03,  2.959e+04,  5.717e+03, -8.939e+05],\n  [ 8.091e+02,  5.446e+04,  7.916e+05, -6.778e+05],\n  [ 2.044e+05,  3.347e+04,  3.839e+03, -1.730e+05]],\n\n [[ 7.131e+04, -2.968e+05,  3.799e+03,  4.456e+04],\n  [ 5.142e+03,  6.672e+04,  1.407e+05, -9.265e+05],\n  [ 2.395e+04,  1.792e+04, -7.348e+05,  7.358e+03]]]");
}

#[test]
fn np_fixed0_random6_float64() {
    let data: Vec<f64> = vec![
        -874.1877316132101,
        530498.5224943943,
        -0.008773867308354126,
        2107342.116424104,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-9.e+02,  5.e+05, -9.e-03,  2.e+06]");
}

#[test]
fn np_fixed3_random6_float64() {
    let data: Vec<f64> = vec![
        -874.1877316132101,
        530498.5224943943,
        -0.008773867308354126,
        2107342.116424104,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[-8.742e+02,  5.305e+05, -8.774e-03,  2.107e+06]"
    );
}

#[test]
fn np_fixed0_random6_float32() {
    let data: Vec<f32> = vec![-8.7418774e+02, 5.304985e+05, -8.773867e-03, 2.107342e+06];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-9.e+02,  5.e+05, -9.e-03,  2.e+06]");
}

#[test]
fn np_fixed3_random6_float32() {
    let data: Vec<f32> = vec![-8.7418774e+02, 5.304985e+05, -8.773867e-03, 2.107342e+06];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[-8.742e+02,  5.305e+05, -8.774e-03,  2.107e+06]"
    );
}

#[test]
fn np_fixed0_random7_float64() {
    let data: Vec<f64> = vec![
        738.0,
        855653.0,
        584945.0,
        -86920.5399904665,
        7990046.947925954,
        -71897344.0,
        57.0,
        2.0,
        862607.4102442809,
        1.3329224487137927,
        144642.8839261575,
        72387.55857735107,
        f64::NAN,
        3042.0,
        32341962.21095347,
        7922.0,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 7.e+02,  9.e+05,  6.e+05, -9.e+04],\n [ 8.e+06, -7.e+07,  6.e+01,  2.e+00],\n [ 9.e+05,  1.e+00,  1.e+05,  7.e+04],\n [    nan,  3.e+03,  3.e+07,  8.e+03]]");
}

#[test]
fn np_fixed3_random7_float64() {
    let data: Vec<f64> = vec![
        738.0,
        855653.0,
        584945.0,
        -86920.5399904665,
        7990046.947925954,
        -71897344.0,
        57.0,
        2.0,
        862607.4102442809,
        1.3329224487137927,
        144642.8839261575,
        72387.55857735107,
        f64::NAN,
        3042.0,
        32341962.21095347,
        7922.0,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 7.380e+02,  8.557e+05,  5.849e+05, -8.692e+04],\n [ 7.990e+06, -7.190e+07,  5.700e+01,  2.000e+00],\n [ 8.626e+05,  1.333e+00,  1.446e+05,  7.239e+04],\n [       nan,  3.042e+03,  3.234e+07,  7.922e+03]]");
}

#[test]
fn np_fixed0_random7_float32() {
    let data: Vec<f32> = vec![
        7.38e+02,
        8.55653e+05,
        5.84945e+05,
        -8.692054e+04,
        7.990047e+06,
        -7.189734e+07,
        5.7e+01,
        2e+00,
        8.6260744e+05,
        1.3329225e+00,
        1.4464289e+05,
        7.2387555e+04,
        f32::NAN,
        3.042e+03,
        3.2341962e+07,
        7.922e+03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 7.e+02,  9.e+05,  6.e+05, -9.e+04],\n [ 8.e+06, -7.e+07,  6.e+01,  2.e+00],\n [ 9.e+05,  1.e+00,  1.e+05,  7.e+04],\n [    nan,  3.e+03,  3.e+07,  8.e+03]]");
}

#[test]
fn np_fixed3_random7_float32() {
    let data: Vec<f32> = vec![
        7.38e+02,
        8.55653e+05,
        5.84945e+05,
        -8.692054e+04,
        7.990047e+06,
        -7.189734e+07,
        5.7e+01,
        2e+00,
        8.6260744e+05,
        1.3329225e+00,
        1.4464289e+05,
        7.2387555e+04,
        f32::NAN,
        3.042e+03,
        3.2341962e+07,
        7.922e+03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 7.380e+02,  8.557e+05,  5.849e+05, -8.692e+04],\n [ 7.990e+06, -7.190e+07,  5.700e+01,  2.000e+00],\n [ 8.626e+05,  1.333e+00,  1.446e+05,  7.239e+04],\n [       nan,  3.042e+03,  3.234e+07,  7.922e+03]]");
}

#[test]
fn np_fixed0_random8_float64() {
    let data: Vec<f64> = vec![
        238.07307563541423,
        177.3992626036772,
        47322.0,
        -1789.5451809320002,
        -3053.0,
        4029.0,
        3295.187459750483,
        88743.36851117182,
        3502.6068730529682,
        41650.0883347291,
        1706.8963101091792,
        -863.8907681746117,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[  238.,   177., 47322., -1790.],\n [-3053.,  4029.,  3295., 88743.],\n [ 3503., 41650.,  1707.,  -864.]]");
}

#[test]
fn np_fixed3_random8_float64() {
    let data: Vec<f64> = vec![
        238.07307563541423,
        177.3992626036772,
        47322.0,
        -1789.5451809320002,
        -3053.0,
        4029.0,
        3295.187459750483,
        88743.36851117182,
        3502.6068730529682,
        41650.0883347291,
        1706.8963101091792,
        -863.8907681746117,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[  238.073,   177.399, 47322.000, -1789.545],\n [-3053.000,  4029.000,  3295.187, 88743.369],\n [ 3502.607, 41650.088,  1706.896,  -863.891]]");
}

#[test]
fn np_fixed0_random8_float32() {
    let data: Vec<f32> = vec![
        2.3807307e+02,
        1.7739926e+02,
        4.7322e+04,
        -1.7895452e+03,
        -3.053e+03,
        4.029e+03,
        3.2951875e+03,
        8.874337e+04,
        3.502607e+03,
        4.165009e+04,
        1.7068964e+03,
        -8.6389075e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[  238.,   177., 47322., -1790.],\n [-3053.,  4029.,  3295., 88743.],\n [ 3503., 41650.,  1707.,  -864.]]");
}

#[test]
fn np_fixed3_random8_float32() {
    let data: Vec<f32> = vec![
        2.3807307e+02,
        1.7739926e+02,
        4.7322e+04,
        -1.7895452e+03,
        -3.053e+03,
        4.029e+03,
        3.2951875e+03,
        8.874337e+04,
        3.502607e+03,
        4.165009e+04,
        1.7068964e+03,
        -8.6389075e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[  238.073,   177.399, 47322.000, -1789.545],\n [-3053.000,  4029.000,  3295.188, 88743.367],\n [ 3502.607, 41650.090,  1706.896,  -863.891]]");
}

#[test]
fn np_fixed0_random9_float64() {
    let data: Vec<f64> = vec![
        -341703.80145454966,
        0.020077115793047162,
        78793.26010572165,
        710221.0174801318,
        -4.250889952729297e-06,
        -0.007017497289571506,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[-3.e+05,  2.e-02,  8.e+04],\n [ 7.e+05, -4.e-06, -7.e-03]]"
    );
}

#[test]
fn np_fixed3_random9_float64() {
    let data: Vec<f64> = vec![
        -341703.80145454966,
        0.020077115793047162,
        78793.26010572165,
        710221.0174801318,
        -4.250889952729297e-06,
        -0.007017497289571506,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[-3.417e+05,  2.008e-02,  7.879e+04],\n [ 7.102e+05, -4.251e-06, -7.017e-03]]"
    );
}

#[test]
fn np_fixed0_random9_float32() {
    let data: Vec<f32> = vec![
        -3.417038e+05,
        2.0077115e-02,
        7.879326e+04,
        7.10221e+05,
        -4.25089e-06,
        -7.0174974e-03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[-3.e+05,  2.e-02,  8.e+04],\n [ 7.e+05, -4.e-06, -7.e-03]]"
    );
}

#[test]
fn np_fixed3_random9_float32() {
    let data: Vec<f32> = vec![
        -3.417038e+05,
        2.0077115e-02,
        7.879326e+04,
        7.10221e+05,
        -4.25089e-06,
        -7.0174974e-03,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 3], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[-3.417e+05,  2.008e-02,  7.879e+04],\n [ 7.102e+05, -4.251e-06, -7.017e-03]]"
    );
}

#[test]
fn np_fixed0_random10_float64() {
    let data: Vec<f64> = vec![
        21664.47422836207,
        6135.49559585356,
        9130.426873229311,
        2465.587775413932,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[21664.,  6135.,  9130.,  2466.]");
}

#[test]
fn np_fixed3_random10_float64() {
    let data: Vec<f64> = vec![
        21664.47422836207,
        6135.49559585356,
        9130.426873229311,
        2465.587775413932,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[21664.474,  6135.496,  9130.427,  2465.588]"
    );
}

#[test]
fn np_fixed0_random10_float32() {
    let data: Vec<f32> = vec![2.1664475e+04, 6.1354956e+03, 9.130427e+03, 2.465588e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[21664.,  6135.,  9130.,  2466.]");
}

#[test]
fn np_fixed3_random10_float32() {
    let data: Vec<f32> = vec![2.1664475e+04, 6.1354956e+03, 9.130427e+03, 2.465588e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[21664.475,  6135.496,  9130.427,  2465.588]"
    );
}

#[test]
fn np_fixed0_random11_float64() {
    let data: Vec<f64> = vec![
        4.533252663715951,
        45.0,
        -1.275437667956184,
        -4919.145063945834,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 5.e+00,  4.e+01, -1.e+00, -5.e+03]");
}

#[test]
fn np_fixed3_random11_float64() {
    let data: Vec<f64> = vec![
        4.533252663715951,
        45.0,
        -1.275437667956184,
        -4919.145063945834,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[ 4.533e+00,  4.500e+01, -1.275e+00, -4.919e+03]"
    );
}

#[test]
fn np_fixed0_random11_float32() {
    let data: Vec<f32> = vec![4.5332527e+00, 4.5e+01, -1.2754377e+00, -4.919145e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 5.e+00,  4.e+01, -1.e+00, -5.e+03]");
}

#[test]
fn np_fixed3_random11_float32() {
    let data: Vec<f32> = vec![4.5332527e+00, 4.5e+01, -1.2754377e+00, -4.919145e+03];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[ 4.533e+00,  4.500e+01, -1.275e+00, -4.919e+03]"
    );
}

#[test]
fn np_fixed0_random12_float64() {
    let data: Vec<f64> = vec![
        -0.08997627141654198,
        -0.165534128047121,
        -0.0,
        0.07406001581994497,
        0.022752618481692202,
        -0.04093109770847262,
        -0.040787608005209024,
        0.0,
        -0.038676503811623006,
        0.0,
        f64::INFINITY,
        -0.2432558819507941,
        0.6324356489736762,
        -0.19283259688866497,
        0.35447461285883797,
        -0.5716877139421505,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-0., -0., -0.,  0.],\n  [ 0., -0., -0.,  0.]],\n\n [[-0.,  0., inf, -0.],\n  [ 1., -0.,  0., -1.]]]");
}

#[test]
fn np_fixed3_random12_float64() {
    let data: Vec<f64> = vec![
        -0.08997627141654198,
        -0.165534128047121,
        -0.0,
        0.07406001581994497,
        0.022752618481692202,
        -0.04093109770847262,
        -0.040787608005209024,
        0.0,
        -0.038676503811623006,
        0.0,
        f64::INFINITY,
        -0.2432558819507941,
        0.6324356489736762,
        -0.19283259688866497,
        0.35447461285883797,
        -0.5716877139421505,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[-0.090, -0.166, -0.000,  0.074],\n  [ 0.023, -0.041, -0.041,  0.000]],\n\n [[-0.039,  0.000,    inf, -0.243],\n  [ 0.632, -0.193,  0.354, -0.572]]]");
}

#[test]
fn np_fixed0_random12_float32() {
    let data: Vec<f32> = vec![
        -8.997627e-02,
        -1.6553412e-01,
        -0e+00,
        7.4060015e-02,
        2.2752618e-02,
        -4.09311e-02,
        -4.0787607e-02,
        0e+00,
        -3.8676504e-02,
        0e+00,
        f32::INFINITY,
        -2.4325588e-01,
        6.324356e-01,
        -1.928326e-01,
        3.544746e-01,
        -5.716877e-01,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-0., -0., -0.,  0.],\n  [ 0., -0., -0.,  0.]],\n\n [[-0.,  0., inf, -0.],\n  [ 1., -0.,  0., -1.]]]");
}

#[test]
fn np_fixed3_random12_float32() {
    let data: Vec<f32> = vec![
        -8.997627e-02,
        -1.6553412e-01,
        -0e+00,
        7.4060015e-02,
        2.2752618e-02,
        -4.09311e-02,
        -4.0787607e-02,
        0e+00,
        -3.8676504e-02,
        0e+00,
        f32::INFINITY,
        -2.4325588e-01,
        6.324356e-01,
        -1.928326e-01,
        3.544746e-01,
        -5.716877e-01,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[-0.090, -0.166, -0.000,  0.074],\n  [ 0.023, -0.041, -0.041,  0.000]],\n\n [[-0.039,  0.000,    inf, -0.243],\n  [ 0.632, -0.193,  0.354, -0.572]]]");
}

#[test]
fn np_fixed0_random13_float64() {
    let data: Vec<f64> = vec![62463.0, 8.62256316005406, 781.071167412899];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[6.e+04, 9.e+00, 8.e+02]");
}

#[test]
fn np_fixed3_random13_float64() {
    let data: Vec<f64> = vec![62463.0, 8.62256316005406, 781.071167412899];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[6.246e+04, 8.623e+00, 7.811e+02]");
}

#[test]
fn np_fixed0_random13_float32() {
    let data: Vec<f32> = vec![6.2463e+04, 8.622563e+00, 7.8107117e+02];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[6.e+04, 9.e+00, 8.e+02]");
}

#[test]
fn np_fixed3_random13_float32() {
    let data: Vec<f32> = vec![6.2463e+04, 8.622563e+00, 7.8107117e+02];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[6.246e+04, 8.623e+00, 7.811e+02]");
}

#[test]
fn np_fixed0_random14_float64() {
    let data: Vec<f64> = vec![46191.40947219328, 5074.735646340521, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[46191.,  5075.,   -inf]]");
}

#[test]
fn np_fixed3_random14_float64() {
    let data: Vec<f64> = vec![46191.40947219328, 5074.735646340521, f64::NEG_INFINITY];
    let a = StridedArray::<f64, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[46191.409,  5074.736,      -inf]]");
}

#[test]
fn np_fixed0_random14_float32() {
    let data: Vec<f32> = vec![4.619141e+04, 5.074736e+03, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[46191.,  5075.,   -inf]]");
}

#[test]
fn np_fixed3_random14_float32() {
    let data: Vec<f32> = vec![4.619141e+04, 5.074736e+03, f32::NEG_INFINITY];
    let a = StridedArray::<f32, 2>::from_vec([1, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[46191.410,  5074.736,      -inf]]");
}

#[test]
fn np_fixed0_random15_float64() {
    let data: Vec<f64> = vec![
        0.6651047546899033,
        -1.638203287593336,
        0.9011022635898973,
        -0.4899595733559151,
        0.08509121190437523,
        -0.07532878074580744,
        0.0,
        -353.088657822456,
        0.0,
        819.0,
        21.553440504627265,
        -0.028782784205769258,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 7.e-01, -2.e+00,  9.e-01],\n [-5.e-01,  9.e-02, -8.e-02],\n [ 0.e+00, -4.e+02,  0.e+00],\n [ 8.e+02,  2.e+01, -3.e-02]]");
}

#[test]
fn np_fixed3_random15_float64() {
    let data: Vec<f64> = vec![
        0.6651047546899033,
        -1.638203287593336,
        0.9011022635898973,
        -0.4899595733559151,
        0.08509121190437523,
        -0.07532878074580744,
        0.0,
        -353.088657822456,
        0.0,
        819.0,
        21.553440504627265,
        -0.028782784205769258,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 6.651e-01, -1.638e+00,  9.011e-01],\n [-4.900e-01,  8.509e-02, -7.533e-02],\n [ 0.000e+00, -3.531e+02,  0.000e+00],\n [ 8.190e+02,  2.155e+01, -2.878e-02]]");
}

#[test]
fn np_fixed0_random15_float32() {
    let data: Vec<f32> = vec![
        6.6510475e-01,
        -1.6382033e+00,
        9.0110224e-01,
        -4.8995957e-01,
        8.509121e-02,
        -7.532878e-02,
        0e+00,
        -3.5308865e+02,
        0e+00,
        8.19e+02,
        2.155344e+01,
        -2.8782785e-02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 7.e-01, -2.e+00,  9.e-01],\n [-5.e-01,  9.e-02, -8.e-02],\n [ 0.e+00, -4.e+02,  0.e+00],\n [ 8.e+02,  2.e+01, -3.e-02]]");
}

#[test]
fn np_fixed3_random15_float32() {
    let data: Vec<f32> = vec![
        6.6510475e-01,
        -1.6382033e+00,
        9.0110224e-01,
        -4.8995957e-01,
        8.509121e-02,
        -7.532878e-02,
        0e+00,
        -3.5308865e+02,
        0e+00,
        8.19e+02,
        2.155344e+01,
        -2.8782785e-02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 6.651e-01, -1.638e+00,  9.011e-01],\n [-4.900e-01,  8.509e-02, -7.533e-02],\n [ 0.000e+00, -3.531e+02,  0.000e+00],\n [ 8.190e+02,  2.155e+01, -2.878e-02]]");
}

#[test]
fn np_fixed0_random16_float64() {
    let data: Vec<f64> = vec![
        -18580.41528747212,
        62947677.0,
        6865.373180324707,
        -34114305.65529972,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-2.e+04,  6.e+07,  7.e+03, -3.e+07]");
}

#[test]
fn np_fixed3_random16_float64() {
    let data: Vec<f64> = vec![
        -18580.41528747212,
        62947677.0,
        6865.373180324707,
        -34114305.65529972,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[-1.858e+04,  6.295e+07,  6.865e+03, -3.411e+07]"
    );
}

#[test]
fn np_fixed0_random16_float32() {
    let data: Vec<f32> = vec![-1.8580416e+04, 6.2947676e+07, 6.865373e+03, -3.4114304e+07];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-2.e+04,  6.e+07,  7.e+03, -3.e+07]");
}

#[test]
fn np_fixed3_random16_float32() {
    let data: Vec<f32> = vec![-1.8580416e+04, 6.2947676e+07, 6.865373e+03, -3.4114304e+07];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[-1.858e+04,  6.295e+07,  6.865e+03, -3.411e+07]"
    );
}

#[test]
fn np_fixed0_random17_float64() {
    let data: Vec<f64> = vec![
        83207.0165718822,
        -85909.39117384714,
        62898.686818342234,
        -72515.32595132403,
        703307.8636658351,
        930358.2081898497,
        -728006.2776358665,
        22494.841266890096,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[  83207.,  -85909.,   62899.,  -72515.],\n [ 703308.,  930358., -728006.,   22495.]]"
    );
}

#[test]
fn np_fixed3_random17_float64() {
    let data: Vec<f64> = vec![
        83207.0165718822,
        -85909.39117384714,
        62898.686818342234,
        -72515.32595132403,
        703307.8636658351,
        930358.2081898497,
        -728006.2776358665,
        22494.841266890096,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[  83207.017,  -85909.391,   62898.687,  -72515.326],\n [ 703307.864,  930358.208, -728006.278,   22494.841]]");
}

#[test]
fn np_fixed0_random17_float32() {
    let data: Vec<f32> = vec![
        8.3207016e+04,
        -8.590939e+04,
        6.2898688e+04,
        -7.251533e+04,
        7.033079e+05,
        9.303582e+05,
        -7.2800625e+05,
        2.2494842e+04,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[  83207.,  -85909.,   62899.,  -72515.],\n [ 703308.,  930358., -728006.,   22495.]]"
    );
}

#[test]
fn np_fixed3_random17_float32() {
    let data: Vec<f32> = vec![
        8.3207016e+04,
        -8.590939e+04,
        6.2898688e+04,
        -7.251533e+04,
        7.033079e+05,
        9.303582e+05,
        -7.2800625e+05,
        2.2494842e+04,
    ];
    let a = StridedArray::<f32, 2>::from_vec([2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[  83207.016,  -85909.391,   62898.688,  -72515.328],\n [ 703307.875,  930358.188, -728006.250,   22494.842]]");
}

#[test]
fn np_fixed0_random18_float64() {
    let data: Vec<f64> = vec![42428.416976608954, 3.9891934515086307, 571.0, 246.0];
    let a = StridedArray::<f64, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[4.e+04, 4.e+00, 6.e+02, 2.e+02]]");
}

#[test]
fn np_fixed3_random18_float64() {
    let data: Vec<f64> = vec![42428.416976608954, 3.9891934515086307, 571.0, 246.0];
    let a = StridedArray::<f64, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[4.243e+04, 3.989e+00, 5.710e+02, 2.460e+02]]"
    );
}

#[test]
fn np_fixed0_random18_float32() {
    let data: Vec<f32> = vec![4.2428418e+04, 3.9891934e+00, 5.71e+02, 2.46e+02];
    let a = StridedArray::<f32, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[4.e+04, 4.e+00, 6.e+02, 2.e+02]]");
}

#[test]
fn np_fixed3_random18_float32() {
    let data: Vec<f32> = vec![4.2428418e+04, 3.9891934e+00, 5.71e+02, 2.46e+02];
    let a = StridedArray::<f32, 2>::from_vec([1, 4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[4.243e+04, 3.989e+00, 5.710e+02, 2.460e+02]]"
    );
}

#[test]
fn np_fixed0_random19_float64() {
    let data: Vec<f64> = vec![
        1484583.0,
        907352.8213954826,
        2864813.2589084767,
        40176.20381713774,
        72123.0,
        8654930.408346444,
        24327.590137462943,
        50476.02070281784,
        -28002.16931275115,
        572220.5683040118,
        837873.8700838161,
        747891.252676297,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[1484583.,  907353.],\n  [2864813.,   40176.]],\n\n [[  72123., 8654930.],\n  [  24328.,   50476.]],\n\n [[ -28002.,  572221.],\n  [ 837874.,  747891.]]]");
}

#[test]
fn np_fixed3_random19_float64() {
    let data: Vec<f64> = vec![
        1484583.0,
        907352.8213954826,
        2864813.2589084767,
        40176.20381713774,
        72123.0,
        8654930.408346444,
        24327.590137462943,
        50476.02070281784,
        -28002.16931275115,
        572220.5683040118,
        837873.8700838161,
        747891.252676297,
    ];
    let a = StridedArray::<f64, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[1484583.000,  907352.821],\n  [2864813.259,   40176.204]],\n\n [[  72123.000, 8654930.408],\n  [  24327.590,   50476.021]],\n\n [[ -28002.169,  572220.568],\n  [ 837873.870,  747891.253]]]");
}

#[test]
fn np_fixed0_random19_float32() {
    let data: Vec<f32> = vec![
        1.484583e+06,
        9.073528e+05,
        2.8648132e+06,
        4.0176203e+04,
        7.2123e+04,
        8.65493e+06,
        2.432759e+04,
        5.047602e+04,
        -2.800217e+04,
        5.7222056e+05,
        8.378739e+05,
        7.4789125e+05,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 1.e+06,  9.e+05],\n  [ 3.e+06,  4.e+04]],\n\n [[ 7.e+04,  9.e+06],\n  [ 2.e+04,  5.e+04]],\n\n [[-3.e+04,  6.e+05],\n  [ 8.e+05,  7.e+05]]]");
}

#[test]
fn np_fixed3_random19_float32() {
    let data: Vec<f32> = vec![
        1.484583e+06,
        9.073528e+05,
        2.8648132e+06,
        4.0176203e+04,
        7.2123e+04,
        8.65493e+06,
        2.432759e+04,
        5.047602e+04,
        -2.800217e+04,
        5.7222056e+05,
        8.378739e+05,
        7.4789125e+05,
    ];
    let a = StridedArray::<f32, 3>::from_vec([3, 2, 2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 1.485e+06,  9.074e+05],\n  [ 2.865e+06,  4.018e+04]],\n\n [[ 7.212e+04,  8.655e+06],\n  [ 2.433e+04,  5.048e+04]],\n\n [[-2.800e+04,  5.722e+05],\n  [ 8.379e+05,  7.479e+05]]]");
}

#[test]
fn np_fixed0_random20_float64() {
    let data: Vec<f64> = vec![
        913.9520277748769,
        -1.654036103578467,
        569.9644072998445,
        -169.28791329169445,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 914.,   -2.],\n [ 570., -169.]]");
}

#[test]
fn np_fixed3_random20_float64() {
    let data: Vec<f64> = vec![
        913.9520277748769,
        -1.654036103578467,
        569.9644072998445,
        -169.28791329169445,
    ];
    let a = StridedArray::<f64, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[ 913.952,   -1.654],\n [ 569.964, -169.288]]"
    );
}

#[test]
fn np_fixed0_random20_float32() {
    let data: Vec<f32> = vec![9.13952e+02, -1.654036e+00, 5.699644e+02, -1.6928792e+02];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 914.,   -2.],\n [ 570., -169.]]");
}

#[test]
fn np_fixed3_random20_float32() {
    let data: Vec<f32> = vec![9.13952e+02, -1.654036e+00, 5.699644e+02, -1.6928792e+02];
    let a = StridedArray::<f32, 2>::from_vec([2, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[ 913.952,   -1.654],\n [ 569.964, -169.288]]"
    );
}

#[test]
fn np_fixed0_random21_float64() {
    let data: Vec<f64> = vec![639.0];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[639.]");
}

#[test]
fn np_fixed3_random21_float64() {
    let data: Vec<f64> = vec![639.0];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[639.000]");
}

#[test]
fn np_fixed0_random21_float32() {
    let data: Vec<f32> = vec![6.39e+02];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[639.]");
}

#[test]
fn np_fixed3_random21_float32() {
    let data: Vec<f32> = vec![6.39e+02];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[639.000]");
}

#[test]
fn np_fixed0_random22_float64() {
    let data: Vec<f64> = vec![906487.6666089523, -88.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 9.e+05, -9.e+01]");
}

#[test]
fn np_fixed3_random22_float64() {
    let data: Vec<f64> = vec![906487.6666089523, -88.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 9.065e+05, -8.800e+01]");
}

#[test]
fn np_fixed0_random22_float32() {
    let data: Vec<f32> = vec![9.064877e+05, -8.8e+01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 9.e+05, -9.e+01]");
}

#[test]
fn np_fixed3_random22_float32() {
    let data: Vec<f32> = vec![9.064877e+05, -8.8e+01];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 9.065e+05, -8.800e+01]");
}

#[test]
fn np_fixed0_random23_float64() {
    let data: Vec<f64> = vec![
        23905809.0,
        27409457.986199506,
        9087255.0,
        76736656.12849891,
        73284055.30539493,
        5649572.232186525,
        -6430516.703392652,
        34013357.08554499,
        f64::INFINITY,
        -38166682.290596746,
        1337093.4810500466,
        77369482.0,
        f64::NEG_INFINITY,
        -5654206.866381514,
        32733657.666070793,
        5780689.452951846,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 23905809.,  27409458.,   9087255.,  76736656.],\n  [ 73284055.,   5649572.,  -6430517.,  34013357.]],\n\n [[       inf, -38166682.,   1337093.,  77369482.],\n  [      -inf,  -5654207.,  32733658.,   5780689.]]]");
}

#[test]
fn np_fixed3_random23_float64() {
    let data: Vec<f64> = vec![
        23905809.0,
        27409457.986199506,
        9087255.0,
        76736656.12849891,
        73284055.30539493,
        5649572.232186525,
        -6430516.703392652,
        34013357.08554499,
        f64::INFINITY,
        -38166682.290596746,
        1337093.4810500466,
        77369482.0,
        f64::NEG_INFINITY,
        -5654206.866381514,
        32733657.666070793,
        5780689.452951846,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 23905809.000,  27409457.986,   9087255.000,  76736656.128],\n  [ 73284055.305,   5649572.232,  -6430516.703,  34013357.086]],\n\n [[          inf, -38166682.291,   1337093.481,  77369482.000],\n  [         -inf,  -5654206.866,  32733657.666,   5780689.453]]]");
}

#[test]
fn np_fixed0_random23_float32() {
    let data: Vec<f32> = vec![
        2.3905808e+07,
        2.7409458e+07,
        9.087255e+06,
        7.673666e+07,
        7.3284056e+07,
        5.649572e+06,
        -6.4305165e+06,
        3.4013356e+07,
        f32::INFINITY,
        -3.8166684e+07,
        1.3370935e+06,
        7.736948e+07,
        f32::NEG_INFINITY,
        -5.654207e+06,
        3.2733658e+07,
        5.7806895e+06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[ 2.e+07,  3.e+07,  9.e+06,  8.e+07],\n  [ 7.e+07,  6.e+06, -6.e+06,  3.e+07]],\n\n [[    inf, -4.e+07,  1.e+06,  8.e+07],\n  [   -inf, -6.e+06,  3.e+07,  6.e+06]]]");
}

#[test]
fn np_fixed3_random23_float32() {
    let data: Vec<f32> = vec![
        2.3905808e+07,
        2.7409458e+07,
        9.087255e+06,
        7.673666e+07,
        7.3284056e+07,
        5.649572e+06,
        -6.4305165e+06,
        3.4013356e+07,
        f32::INFINITY,
        -3.8166684e+07,
        1.3370935e+06,
        7.736948e+07,
        f32::NEG_INFINITY,
        -5.654207e+06,
        3.2733658e+07,
        5.7806895e+06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([2, 2, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[ 2.391e+07,  2.741e+07,  9.087e+06,  7.674e+07],\n  [ 7.328e+07,  5.650e+06, -6.431e+06,  3.401e+07]],\n\n [[       inf, -3.817e+07,  1.337e+06,  7.737e+07],\n  [      -inf, -5.654e+06,  3.273e+07,  5.781e+06]]]");
}

#[test]
fn np_fixed0_random24_float64() {
    let data: Vec<f64> = vec![-573670031.6325532, 85.29434470515744, 64185.035672642734];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-6.e+08,  9.e+01,  6.e+04]");
}

#[test]
fn np_fixed3_random24_float64() {
    let data: Vec<f64> = vec![-573670031.6325532, 85.29434470515744, 64185.035672642734];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[-5.737e+08,  8.529e+01,  6.419e+04]");
}

#[test]
fn np_fixed0_random24_float32() {
    let data: Vec<f32> = vec![-5.7367e+08, 8.529434e+01, 6.4185035e+04];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-6.e+08,  9.e+01,  6.e+04]");
}

#[test]
fn np_fixed3_random24_float32() {
    let data: Vec<f32> = vec![-5.7367e+08, 8.529434e+01, 6.4185035e+04];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[-5.737e+08,  8.529e+01,  6.419e+04]");
}

#[test]
fn np_fixed0_random25_float64() {
    let data: Vec<f64> = vec![
        -69.42715433488199,
        -0.0,
        0.10149830767311095,
        7.257224958650064e-07,
        2.2546707633236774e-07,
        6.176510923581291e-07,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[-7.e+01, -0.e+00],\n [ 1.e-01,  7.e-07],\n [ 2.e-07,  6.e-07]]"
    );
}

#[test]
fn np_fixed3_random25_float64() {
    let data: Vec<f64> = vec![
        -69.42715433488199,
        -0.0,
        0.10149830767311095,
        7.257224958650064e-07,
        2.2546707633236774e-07,
        6.176510923581291e-07,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[-6.943e+01, -0.000e+00],\n [ 1.015e-01,  7.257e-07],\n [ 2.255e-07,  6.177e-07]]"
    );
}

#[test]
fn np_fixed0_random25_float32() {
    let data: Vec<f32> = vec![
        -6.9427155e+01,
        -0e+00,
        1.01498306e-01,
        7.257225e-07,
        2.2546708e-07,
        6.176511e-07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(
        format!("{a:.0}"),
        "[[-7.e+01, -0.e+00],\n [ 1.e-01,  7.e-07],\n [ 2.e-07,  6.e-07]]"
    );
}

#[test]
fn np_fixed3_random25_float32() {
    let data: Vec<f32> = vec![
        -6.9427155e+01,
        -0e+00,
        1.01498306e-01,
        7.257225e-07,
        2.2546708e-07,
        6.176511e-07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[-6.943e+01, -0.000e+00],\n [ 1.015e-01,  7.257e-07],\n [ 2.255e-07,  6.177e-07]]"
    );
}

#[test]
fn np_fixed0_random26_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[nan]]");
}

#[test]
fn np_fixed3_random26_float64() {
    let data: Vec<f64> = vec![f64::NAN];
    let a = StridedArray::<f64, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[nan]]");
}

#[test]
fn np_fixed0_random26_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[nan]]");
}

#[test]
fn np_fixed3_random26_float32() {
    let data: Vec<f32> = vec![f32::NAN];
    let a = StridedArray::<f32, 2>::from_vec([1, 1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[nan]]");
}

#[test]
fn np_fixed0_random27_float64() {
    let data: Vec<f64> = vec![
        46318388.12311363,
        0.7786073609060916,
        0.007681489074162608,
        -0.03920369703952649,
        18483.060809338644,
        0.0012993513355707169,
        -0.0032215641393592673,
        781156.3303966093,
        5.454379743824811,
        0.0001786262571712982,
        5415427.97513589,
        845.115607804086,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 5.e+07,  8.e-01,  8.e-03, -4.e-02],\n [ 2.e+04,  1.e-03, -3.e-03,  8.e+05],\n [ 5.e+00,  2.e-04,  5.e+06,  8.e+02]]");
}

#[test]
fn np_fixed3_random27_float64() {
    let data: Vec<f64> = vec![
        46318388.12311363,
        0.7786073609060916,
        0.007681489074162608,
        -0.03920369703952649,
        18483.060809338644,
        0.0012993513355707169,
        -0.0032215641393592673,
        781156.3303966093,
        5.454379743824811,
        0.0001786262571712982,
        5415427.97513589,
        845.115607804086,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 4.632e+07,  7.786e-01,  7.681e-03, -3.920e-02],\n [ 1.848e+04,  1.299e-03, -3.222e-03,  7.812e+05],\n [ 5.454e+00,  1.786e-04,  5.415e+06,  8.451e+02]]");
}

#[test]
fn np_fixed0_random27_float32() {
    let data: Vec<f32> = vec![
        4.6318388e+07,
        7.7860737e-01,
        7.681489e-03,
        -3.9203696e-02,
        1.848306e+04,
        1.2993513e-03,
        -3.2215642e-03,
        7.811563e+05,
        5.4543796e+00,
        1.7862626e-04,
        5.415428e+06,
        8.451156e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 5.e+07,  8.e-01,  8.e-03, -4.e-02],\n [ 2.e+04,  1.e-03, -3.e-03,  8.e+05],\n [ 5.e+00,  2.e-04,  5.e+06,  8.e+02]]");
}

#[test]
fn np_fixed3_random27_float32() {
    let data: Vec<f32> = vec![
        4.6318388e+07,
        7.7860737e-01,
        7.681489e-03,
        -3.9203696e-02,
        1.848306e+04,
        1.2993513e-03,
        -3.2215642e-03,
        7.811563e+05,
        5.4543796e+00,
        1.7862626e-04,
        5.415428e+06,
        8.451156e+02,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 4.632e+07,  7.786e-01,  7.681e-03, -3.920e-02],\n [ 1.848e+04,  1.299e-03, -3.222e-03,  7.812e+05],\n [ 5.454e+00,  1.786e-04,  5.415e+06,  8.451e+02]]");
}

#[test]
fn np_fixed0_random28_float64() {
    let data: Vec<f64> = vec![
        0.0,
        0.022956468353037024,
        f64::INFINITY,
        0.0,
        2.122542098001871e-06,
        -0.0,
        0.005702082847573566,
        -0.0,
        8.822973358828391e-05,
        -2.142334226159171e-06,
        0.0008817698690683326,
        4.94075461853495e-05,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 0.e+00,  2.e-02,     inf],\n [ 0.e+00,  2.e-06, -0.e+00],\n [ 6.e-03, -0.e+00,  9.e-05],\n [-2.e-06,  9.e-04,  5.e-05]]");
}

#[test]
fn np_fixed3_random28_float64() {
    let data: Vec<f64> = vec![
        0.0,
        0.022956468353037024,
        f64::INFINITY,
        0.0,
        2.122542098001871e-06,
        -0.0,
        0.005702082847573566,
        -0.0,
        8.822973358828391e-05,
        -2.142334226159171e-06,
        0.0008817698690683326,
        4.94075461853495e-05,
    ];
    let a = StridedArray::<f64, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 0.000e+00,  2.296e-02,        inf],\n [ 0.000e+00,  2.123e-06, -0.000e+00],\n [ 5.702e-03, -0.000e+00,  8.823e-05],\n [-2.142e-06,  8.818e-04,  4.941e-05]]");
}

#[test]
fn np_fixed0_random28_float32() {
    let data: Vec<f32> = vec![
        0e+00,
        2.2956468e-02,
        f32::INFINITY,
        0e+00,
        2.1225421e-06,
        -0e+00,
        5.702083e-03,
        -0e+00,
        8.822973e-05,
        -2.1423343e-06,
        8.8176987e-04,
        4.9407547e-05,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 0.e+00,  2.e-02,     inf],\n [ 0.e+00,  2.e-06, -0.e+00],\n [ 6.e-03, -0.e+00,  9.e-05],\n [-2.e-06,  9.e-04,  5.e-05]]");
}

#[test]
fn np_fixed3_random28_float32() {
    let data: Vec<f32> = vec![
        0e+00,
        2.2956468e-02,
        f32::INFINITY,
        0e+00,
        2.1225421e-06,
        -0e+00,
        5.702083e-03,
        -0e+00,
        8.822973e-05,
        -2.1423343e-06,
        8.8176987e-04,
        4.9407547e-05,
    ];
    let a = StridedArray::<f32, 2>::from_vec([4, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 0.000e+00,  2.296e-02,        inf],\n [ 0.000e+00,  2.123e-06, -0.000e+00],\n [ 5.702e-03, -0.000e+00,  8.823e-05],\n [-2.142e-06,  8.818e-04,  4.941e-05]]");
}

#[test]
fn np_fixed0_random29_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 70312.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[   inf, 70312.]");
}

#[test]
fn np_fixed3_random29_float64() {
    let data: Vec<f64> = vec![f64::INFINITY, 70312.0];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[      inf, 70312.000]");
}

#[test]
fn np_fixed0_random29_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 7.0312e+04];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[   inf, 70312.]");
}

#[test]
fn np_fixed3_random29_float32() {
    let data: Vec<f32> = vec![f32::INFINITY, 7.0312e+04];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[      inf, 70312.000]");
}

#[test]
fn np_fixed0_random30_float64() {
    let data: Vec<f64> = vec![5492331.093176623];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[5492331.]");
}

#[test]
fn np_fixed3_random30_float64() {
    let data: Vec<f64> = vec![5492331.093176623];
    let a = StridedArray::<f64, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[5492331.093]");
}

#[test]
fn np_fixed0_random30_float32() {
    let data: Vec<f32> = vec![5.492331e+06];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[5.e+06]");
}

#[test]
fn np_fixed3_random30_float32() {
    let data: Vec<f32> = vec![5.492331e+06];
    let a = StridedArray::<f32, 1>::from_vec([1], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[5.492e+06]");
}

#[test]
fn np_fixed0_random31_float64() {
    let data: Vec<f64> = vec![
        -0.0,
        -0.050884662472259166,
        0.004464752751167709,
        0.0730803679079176,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-0., -0.]],\n\n [[ 0.,  0.]]]");
}

#[test]
fn np_fixed3_random31_float64() {
    let data: Vec<f64> = vec![
        -0.0,
        -0.050884662472259166,
        0.004464752751167709,
        0.0730803679079176,
    ];
    let a = StridedArray::<f64, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[[-0.000, -0.051]],\n\n [[ 0.004,  0.073]]]"
    );
}

#[test]
fn np_fixed0_random31_float32() {
    let data: Vec<f32> = vec![-0e+00, -5.0884664e-02, 4.464753e-03, 7.308037e-02];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-0., -0.]],\n\n [[ 0.,  0.]]]");
}

#[test]
fn np_fixed3_random31_float32() {
    let data: Vec<f32> = vec![-0e+00, -5.0884664e-02, 4.464753e-03, 7.308037e-02];
    let a = StridedArray::<f32, 3>::from_vec([2, 1, 2], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[[[-0.000, -0.051]],\n\n [[ 0.004,  0.073]]]"
    );
}

#[test]
fn np_fixed0_random32_float64() {
    let data: Vec<f64> = vec![72.0, -0.02729918397544422];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 7.e+01, -3.e-02]");
}

#[test]
fn np_fixed3_random32_float64() {
    let data: Vec<f64> = vec![72.0, -0.02729918397544422];
    let a = StridedArray::<f64, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 7.200e+01, -2.730e-02]");
}

#[test]
fn np_fixed0_random32_float32() {
    let data: Vec<f32> = vec![7.2e+01, -2.7299184e-02];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 7.e+01, -3.e-02]");
}

#[test]
fn np_fixed3_random32_float32() {
    let data: Vec<f32> = vec![7.2e+01, -2.7299184e-02];
    let a = StridedArray::<f32, 1>::from_vec([2], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 7.200e+01, -2.730e-02]");
}

#[test]
fn np_fixed0_random33_float64() {
    let data: Vec<f64> = vec![
        0.0031979965679427,
        0.0005750795853685111,
        -0.04648651252247454,
        -0.028456669270459464,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 0.,  0., -0., -0.]");
}

#[test]
fn np_fixed3_random33_float64() {
    let data: Vec<f64> = vec![
        0.0031979965679427,
        0.0005750795853685111,
        -0.04648651252247454,
        -0.028456669270459464,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 0.003,  0.001, -0.046, -0.028]");
}

#[test]
fn np_fixed0_random33_float32() {
    let data: Vec<f32> = vec![3.1979966e-03, 5.750796e-04, -4.648651e-02, -2.845667e-02];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 0.,  0., -0., -0.]");
}

#[test]
fn np_fixed3_random33_float32() {
    let data: Vec<f32> = vec![3.1979966e-03, 5.750796e-04, -4.648651e-02, -2.845667e-02];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 0.003,  0.001, -0.046, -0.028]");
}

#[test]
fn np_fixed0_random34_float64() {
    let data: Vec<f64> = vec![
        -5.545173517911737e-06,
        1.0066630205394346e-05,
        7.630233279929719e-07,
        -1.7521958235232746e-05,
        4.382553580805105e-06,
        1.653231807963699e-05,
        7.704528541481281e-07,
        -6.915974094784263e-06,
        7.843146721083602e-06,
        4.2870248767422726e-06,
        -7.421254873162755e-06,
        -5.469222671902154e-06,
    ];
    let a = StridedArray::<f64, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-6.e-06,  1.e-05,  8.e-07]],\n\n [[-2.e-05,  4.e-06,  2.e-05]],\n\n [[ 8.e-07, -7.e-06,  8.e-06]],\n\n [[ 4.e-06, -7.e-06, -5.e-06]]]");
}

#[test]
fn np_fixed3_random34_float64() {
    let data: Vec<f64> = vec![
        -5.545173517911737e-06,
        1.0066630205394346e-05,
        7.630233279929719e-07,
        -1.7521958235232746e-05,
        4.382553580805105e-06,
        1.653231807963699e-05,
        7.704528541481281e-07,
        -6.915974094784263e-06,
        7.843146721083602e-06,
        4.2870248767422726e-06,
        -7.421254873162755e-06,
        -5.469222671902154e-06,
    ];
    let a = StridedArray::<f64, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[-5.545e-06,  1.007e-05,  7.630e-07]],\n\n [[-1.752e-05,  4.383e-06,  1.653e-05]],\n\n [[ 7.705e-07, -6.916e-06,  7.843e-06]],\n\n [[ 4.287e-06, -7.421e-06, -5.469e-06]]]");
}

#[test]
fn np_fixed0_random34_float32() {
    let data: Vec<f32> = vec![
        -5.5451737e-06,
        1.006663e-05,
        7.630233e-07,
        -1.7521957e-05,
        4.3825535e-06,
        1.6532318e-05,
        7.7045286e-07,
        -6.915974e-06,
        7.843147e-06,
        4.2870247e-06,
        -7.421255e-06,
        -5.4692227e-06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[[-6.e-06,  1.e-05,  8.e-07]],\n\n [[-2.e-05,  4.e-06,  2.e-05]],\n\n [[ 8.e-07, -7.e-06,  8.e-06]],\n\n [[ 4.e-06, -7.e-06, -5.e-06]]]");
}

#[test]
fn np_fixed3_random34_float32() {
    let data: Vec<f32> = vec![
        -5.5451737e-06,
        1.006663e-05,
        7.630233e-07,
        -1.7521957e-05,
        4.3825535e-06,
        1.6532318e-05,
        7.7045286e-07,
        -6.915974e-06,
        7.843147e-06,
        4.2870247e-06,
        -7.421255e-06,
        -5.4692227e-06,
    ];
    let a = StridedArray::<f32, 3>::from_vec([4, 1, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[[-5.545e-06,  1.007e-05,  7.630e-07]],\n\n [[-1.752e-05,  4.383e-06,  1.653e-05]],\n\n [[ 7.705e-07, -6.916e-06,  7.843e-06]],\n\n [[ 4.287e-06, -7.421e-06, -5.469e-06]]]");
}

#[test]
fn np_fixed0_random35_float64() {
    let data: Vec<f64> = vec![0.0006077271174967092, 6.586433387587318e-06, -0.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 6.e-04,  7.e-06, -0.e+00]");
}

#[test]
fn np_fixed3_random35_float64() {
    let data: Vec<f64> = vec![0.0006077271174967092, 6.586433387587318e-06, -0.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 6.077e-04,  6.586e-06, -0.000e+00]");
}

#[test]
fn np_fixed0_random35_float32() {
    let data: Vec<f32> = vec![6.077271e-04, 6.5864333e-06, -0e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 6.e-04,  7.e-06, -0.e+00]");
}

#[test]
fn np_fixed3_random35_float32() {
    let data: Vec<f32> = vec![6.077271e-04, 6.5864333e-06, -0e+00];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[ 6.077e-04,  6.586e-06, -0.000e+00]");
}

#[test]
fn np_fixed0_random36_float64() {
    let data: Vec<f64> = vec![
        26641.201826796714,
        -0.0,
        18.52113177596705,
        132875.99059230747,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 3.e+04, -0.e+00,  2.e+01,  1.e+05]");
}

#[test]
fn np_fixed3_random36_float64() {
    let data: Vec<f64> = vec![
        26641.201826796714,
        -0.0,
        18.52113177596705,
        132875.99059230747,
    ];
    let a = StridedArray::<f64, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[ 2.664e+04, -0.000e+00,  1.852e+01,  1.329e+05]"
    );
}

#[test]
fn np_fixed0_random36_float32() {
    let data: Vec<f32> = vec![2.6641201e+04, -0e+00, 1.8521132e+01, 1.3287598e+05];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[ 3.e+04, -0.e+00,  2.e+01,  1.e+05]");
}

#[test]
fn np_fixed3_random36_float32() {
    let data: Vec<f32> = vec![2.6641201e+04, -0e+00, 1.8521132e+01, 1.3287598e+05];
    let a = StridedArray::<f32, 1>::from_vec([4], data).unwrap();
    assert_eq!(
        format!("{a:.3}"),
        "[ 2.664e+04, -0.000e+00,  1.852e+01,  1.329e+05]"
    );
}

#[test]
fn np_fixed0_random37_float64() {
    let data: Vec<f64> = vec![-0.0, 619.4108996441825, -254132195.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-0.e+00,  6.e+02, -3.e+08]");
}

#[test]
fn np_fixed3_random37_float64() {
    let data: Vec<f64> = vec![-0.0, 619.4108996441825, -254132195.0];
    let a = StridedArray::<f64, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[-0.000e+00,  6.194e+02, -2.541e+08]");
}

#[test]
fn np_fixed0_random37_float32() {
    let data: Vec<f32> = vec![-0e+00, 6.194109e+02, -2.541322e+08];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[-0.e+00,  6.e+02, -3.e+08]");
}

#[test]
fn np_fixed3_random37_float32() {
    let data: Vec<f32> = vec![-0e+00, 6.194109e+02, -2.541322e+08];
    let a = StridedArray::<f32, 1>::from_vec([3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[-0.000e+00,  6.194e+02, -2.541e+08]");
}

#[test]
fn np_fixed0_random38_float64() {
    let data: Vec<f64> = vec![
        -92.8255952824251,
        7289.0,
        f64::NEG_INFINITY,
        9237.108635567838,
        -6083.0,
        1661.8328464193537,
        6891.864981447798,
        -58490432.395492375,
        41198627.54152187,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[-9.e+01,  7.e+03,    -inf],\n [ 9.e+03, -6.e+03,  2.e+03],\n [ 7.e+03, -6.e+07,  4.e+07]]");
}

#[test]
fn np_fixed3_random38_float64() {
    let data: Vec<f64> = vec![
        -92.8255952824251,
        7289.0,
        f64::NEG_INFINITY,
        9237.108635567838,
        -6083.0,
        1661.8328464193537,
        6891.864981447798,
        -58490432.395492375,
        41198627.54152187,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[-9.283e+01,  7.289e+03,       -inf],\n [ 9.237e+03, -6.083e+03,  1.662e+03],\n [ 6.892e+03, -5.849e+07,  4.120e+07]]");
}

#[test]
fn np_fixed0_random38_float32() {
    let data: Vec<f32> = vec![
        -9.282559e+01,
        7.289e+03,
        f32::NEG_INFINITY,
        9.237108e+03,
        -6.083e+03,
        1.6618329e+03,
        6.8918647e+03,
        -5.849043e+07,
        4.1198628e+07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[-9.e+01,  7.e+03,    -inf],\n [ 9.e+03, -6.e+03,  2.e+03],\n [ 7.e+03, -6.e+07,  4.e+07]]");
}

#[test]
fn np_fixed3_random38_float32() {
    let data: Vec<f32> = vec![
        -9.282559e+01,
        7.289e+03,
        f32::NEG_INFINITY,
        9.237108e+03,
        -6.083e+03,
        1.6618329e+03,
        6.8918647e+03,
        -5.849043e+07,
        4.1198628e+07,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 3], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[-9.283e+01,  7.289e+03,       -inf],\n [ 9.237e+03, -6.083e+03,  1.662e+03],\n [ 6.892e+03, -5.849e+07,  4.120e+07]]");
}

#[test]
fn np_fixed0_random39_float64() {
    let data: Vec<f64> = vec![
        4.303412286584804e-05,
        2.094085714579481e-06,
        0.0015838282232645393,
        0.0009284175723903043,
        6.692413312672887e-06,
        -4.7457432265525786e-05,
        -4.540987756481606e-05,
        0.009426391486392766,
        -0.006653975834735107,
        -3.0999049184015487e-06,
        6.1396192430946696e-06,
        2.320885881125223e-06,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 4.e-05,  2.e-06,  2.e-03,  9.e-04],\n [ 7.e-06, -5.e-05, -5.e-05,  9.e-03],\n [-7.e-03, -3.e-06,  6.e-06,  2.e-06]]");
}

#[test]
fn np_fixed3_random39_float64() {
    let data: Vec<f64> = vec![
        4.303412286584804e-05,
        2.094085714579481e-06,
        0.0015838282232645393,
        0.0009284175723903043,
        6.692413312672887e-06,
        -4.7457432265525786e-05,
        -4.540987756481606e-05,
        0.009426391486392766,
        -0.006653975834735107,
        -3.0999049184015487e-06,
        6.1396192430946696e-06,
        2.320885881125223e-06,
    ];
    let a = StridedArray::<f64, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 4.303e-05,  2.094e-06,  1.584e-03,  9.284e-04],\n [ 6.692e-06, -4.746e-05, -4.541e-05,  9.426e-03],\n [-6.654e-03, -3.100e-06,  6.140e-06,  2.321e-06]]");
}

#[test]
fn np_fixed0_random39_float32() {
    let data: Vec<f32> = vec![
        4.3034124e-05,
        2.0940856e-06,
        1.5838282e-03,
        9.2841755e-04,
        6.6924135e-06,
        -4.7457434e-05,
        -4.5409877e-05,
        9.426392e-03,
        -6.6539757e-03,
        -3.099905e-06,
        6.139619e-06,
        2.3208859e-06,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.0}"), "[[ 4.e-05,  2.e-06,  2.e-03,  9.e-04],\n [ 7.e-06, -5.e-05, -5.e-05,  9.e-03],\n [-7.e-03, -3.e-06,  6.e-06,  2.e-06]]");
}

#[test]
fn np_fixed3_random39_float32() {
    let data: Vec<f32> = vec![
        4.3034124e-05,
        2.0940856e-06,
        1.5838282e-03,
        9.2841755e-04,
        6.6924135e-06,
        -4.7457434e-05,
        -4.5409877e-05,
        9.426392e-03,
        -6.6539757e-03,
        -3.099905e-06,
        6.139619e-06,
        2.3208859e-06,
    ];
    let a = StridedArray::<f32, 2>::from_vec([3, 4], data).unwrap();
    assert_eq!(format!("{a:.3}"), "[[ 4.303e-05,  2.094e-06,  1.584e-03,  9.284e-04],\n [ 6.692e-06, -4.746e-05, -4.541e-05,  9.426e-03],\n [-6.654e-03, -3.100e-06,  6.140e-06,  2.321e-06]]");
}

#[test]
fn np_fixed2_wrap_2d_float64() {
    let data: Vec<f64> = (0..60).map(|i| i as f64 * 0.37).collect();
    let a = StridedArray::<f64, 2>::from_vec([3, 20], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[ 0.00,  0.37,  0.74,  1.11,  1.48,  1.85,  2.22,  2.59,  2.96,  3.33,\n   3.70,  4.07,  4.44,  4.81,  5.18,  5.55,  5.92,  6.29,  6.66,  7.03],\n [ 7.40,  7.77,  8.14,  8.51,  8.88,  9.25,  9.62,  9.99, 10.36, 10.73,\n  11.10, 11.47, 11.84, 12.21, 12.58, 12.95, 13.32, 13.69, 14.06, 14.43],\n [14.80, 15.17, 15.54, 15.91, 16.28, 16.65, 17.02, 17.39, 17.76, 18.13,\n  18.50, 18.87, 19.24, 19.61, 19.98, 20.35, 20.72, 21.09, 21.46, 21.83]]");
}

#[test]
fn np_fixed2_wrap_2d_float32() {
    let data: Vec<f32> = (0..60).map(|i| i as f32 * 0.37).collect();
    let a = StridedArray::<f32, 2>::from_vec([3, 20], data).unwrap();
    assert_eq!(format!("{a:.2}"), "[[ 0.00,  0.37,  0.74,  1.11,  1.48,  1.85,  2.22,  2.59,  2.96,  3.33,\n   3.70,  4.07,  4.44,  4.81,  5.18,  5.55,  5.92,  6.29,  6.66,  7.03],\n [ 7.40,  7.77,  8.14,  8.51,  8.88,  9.25,  9.62,  9.99, 10.36, 10.73,\n  11.10, 11.47, 11.84, 12.21, 12.58, 12.95, 13.32, 13.69, 14.06, 14.43],\n [14.80, 15.17, 15.54, 15.91, 16.28, 16.65, 17.02, 17.39, 17.76, 18.13,\n  18.50, 18.87, 19.24, 19.61, 19.98, 20.35, 20.72, 21.09, 21.46, 21.83]]");
}

#[test]
fn np_fixed2_summarized_1d_float64() {
    let data: Vec<f64> = (0..2000).map(|i| i as f64 / 3.0).collect();
    let a = StridedArray::<f64, 1>::from_vec([2000], data).unwrap();
    assert_eq!(
        format!("{a:.2}"),
        "[0.00e+00, 3.33e-01, 6.67e-01, ..., 6.66e+02, 6.66e+02, 6.66e+02]"
    );
}

#[test]
fn np_fixed2_summarized_1d_float32() {
    let data: Vec<f32> = (0..2000).map(|i| i as f32 / 3.0).collect();
    let a = StridedArray::<f32, 1>::from_vec([2000], data).unwrap();
    assert_eq!(
        format!("{a:.2}"),
        "[0.00e+00, 3.33e-01, 6.67e-01, ..., 6.66e+02, 6.66e+02, 6.66e+02]"
    );
}
// END NUMPY FLOAT CASES
