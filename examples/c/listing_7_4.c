/*
 * Listing 7.4 of the seeds: a view-backed layer (a UIView's backing layer) does not animate
 * under a plain transaction, even one with a 1 s duration: the view's action search answers
 * "no action" outside an animation block (CA-4.2, R11), so the colour jumps. The presentation
 * equals the model as soon as the transaction commits, and no animation is attached.
 */

#include <stdio.h>
#include <stdlib.h>

#include <lamina/lamina.h>

/* Every call is checked: on failure the program says which and exits 1. */
#define CHECK(call) check((call), #call, __LINE__)
static void check(lamina_status_t status, const char *what, int line) {
    if (status != LAMINA_STATUS_OK) {
        fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, line, what, lamina_status_string(status),
                lamina_last_error_message());
        exit(1);
    }
}

/* Numbers are printed with 3 decimals, rounded half away from zero, exactly as the Swift and
 * Python versions print them, so the three traces are the same text. */
static void put_num(double x) {
    double y = x * 1000.0;
    long long n = (long long)(y + (y >= 0 ? 0.5 : -0.5));
    if (n < 0) {
        printf("-");
        n = -n;
    }
    printf("%lld.%03lld", n / 1000, n % 1000);
}

static void put_color_value(const lamina_value_t *v) {
    if (v->type != LAMINA_VALUE_COLOR) {
        printf("nil");
        return;
    }
    printf("rgba(");
    put_num(v->u.color.r);
    printf(", ");
    put_num(v->u.color.g);
    printf(", ");
    put_num(v->u.color.b);
    printf(", ");
    put_num(v->u.color.a);
    printf(")");
}

/* The layer's animation keys, as "[a, b]". */
static void put_keys(lamina_engine_t *engine, lamina_layer_t layer) {
    size_t count = 0;
    CHECK(lamina_layer_get_animation_count(engine, layer, &count));
    printf("[");
    for (size_t i = 0; i < count; i++) {
        char key[64];
        size_t length = 0;
        CHECK(lamina_layer_get_animation_key(engine, layer, i, key, sizeof key, &length));
        printf(i ? ", %s" : "%s", key);
    }
    printf("]");
}

static void put_state(lamina_engine_t *engine, lamina_layer_t layer, const char *when) {
    lamina_value_t model, shown;
    CHECK(lamina_layer_get_value(engine, layer, "backgroundColor", &model));
    CHECK(lamina_layer_get_presentation_value(engine, layer, "backgroundColor", &shown));
    const int same = model.type == shown.type &&
                     (model.type != LAMINA_VALUE_COLOR ||
                      (model.u.color.r == shown.u.color.r && model.u.color.g == shown.u.color.g &&
                       model.u.color.b == shown.u.color.b && model.u.color.a == shown.u.color.a));
    printf("%s: model ", when);
    put_color_value(&model);
    printf(" presentation ");
    put_color_value(&shown);
    printf(" %s animations ", same ? "(same)" : "(different)");
    put_keys(engine, layer);
    printf("\n");
}

int main(void) {
    lamina_engine_t *engine = NULL;
    lamina_layer_t layer = LAMINA_LAYER_NONE;
    const lamina_color_t red = {1, 0, 0, 1}, blue = {0, 0, 1, 1};

    printf("listing 7.4: a view-backed layer's colour jumps in a plain transaction\n");
    CHECK(lamina_engine_create(&engine));
    CHECK(lamina_layer_create(engine, &layer));
    CHECK(lamina_layer_set_view_backed(engine, layer, LAMINA_TRUE));
    CHECK(lamina_layer_set_bounds(engine, layer, (lamina_rect_t){{0, 0}, {100, 100}}));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", red));
    CHECK(lamina_engine_tick(engine, 0.0));
    put_state(engine, layer, "t=0.000 committed");

    CHECK(lamina_transaction_begin(engine));
    CHECK(lamina_transaction_set_duration(engine, 1.0));
    CHECK(lamina_layer_set_color(engine, layer, "backgroundColor", blue));
    CHECK(lamina_transaction_commit(engine));
    put_state(engine, layer, "t=0.000 transaction (duration 1.000) committed");

    CHECK(lamina_engine_tick(engine, 0.5));
    put_state(engine, layer, "t=0.500");

    CHECK(lamina_layer_release(engine, layer));
    CHECK(lamina_engine_destroy(engine));
    return 0;
}
