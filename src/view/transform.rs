//! View transforms on [`StridedView`](super::StridedView) and
//! [`StridedViewMut`](super::StridedViewMut).
