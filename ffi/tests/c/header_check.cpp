// The header compiled as C++ (c++ -x c++ -Wall -Wextra -Werror -pedantic):
// extern "C" linkage, the enum and the signatures usable from C++.
#include "constrided.h"

int main() {
    cstrided_desc *d = nullptr;
    const size_t shape[2] = {2, 3};
    cstrided_status st = cstrided_create_desc(&d, 2, shape, nullptr, sizeof(float));
    if (st != CSTRIDED_SUCCESS) return 1;
    float a[6] = {0, 1, 2, 3, 4, 5}, b[6] = {};
    st = cstrided_rearrange(d, b, d, a);
    cstrided_destroy_desc(d);
    return st == CSTRIDED_SUCCESS && b[5] == 5.0f && cstrided_status_string(st)[0] != '\0' ? 0 : 1;
}
