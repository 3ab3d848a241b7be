/* SPDX-License-Identifier: Apache-2.0 */
/* Smoke test of the C ABI: the library loads and its library-level functions answer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <lamina/lamina.h>

static void version_matches_header(void **state) {
    (void)state;
    assert_int_equal(lamina_version_number(), LAMINA_VERSION_NUMBER);
    assert_string_equal(lamina_version_string(), LAMINA_VERSION_STRING);
}

static void status_strings_are_static_names(void **state) {
    (void)state;
    assert_string_equal(lamina_status_string(LAMINA_STATUS_OK), "LAMINA_STATUS_OK");
    assert_string_equal(lamina_status_string(LAMINA_STATUS_MISUSE), "LAMINA_STATUS_MISUSE");
    assert_non_null(lamina_status_string(-12345));
}

static void clock_is_monotonic(void **state) {
    (void)state;
    double a = lamina_clock_now();
    double b = lamina_clock_now();
    assert_true(a > 0.0);
    assert_true(b >= a);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version_matches_header),
        cmocka_unit_test(status_strings_are_static_names),
        cmocka_unit_test(clock_is_monotonic),
    };
    return cmocka_run_group_tests_name("smoke", tests, NULL, NULL);
}
