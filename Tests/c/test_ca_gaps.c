/*
 * test_ca_gaps.c — the remaining gaps with Core Animation's behaviour (issue 8 items 2-12),
 * from C. Each test names its item (CA-x.y) and fails without the change it covers.
 */
#include "lamina_test_support.h"

/* CA-9.4: settlingDuration matches Apple's published examples (mass 1, stiffness 100). */
static void settling_duration_matches_apples_examples(void **state) {
    (void)state;
    lamina_spring_t s = LAMINA_SPRING_INIT;
    double d = 0;
    s.damping = 5;
    ASSERT_OK(lamina_spring_get_settling_duration(&s, &d));
    ASSERT_NEAR(2.85, d, 0.005);
    s.damping = 15;
    ASSERT_OK(lamina_spring_get_settling_duration(&s, &d));
    assert_true(d > 1.0 && d < 1.01); /* "just over 1 s" */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(settling_duration_matches_apples_examples),
    };
    return cmocka_run_group_tests_name("ca_gaps", tests, NULL, NULL);
}
