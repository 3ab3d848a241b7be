// SPDX-License-Identifier: Apache-2.0
/*
 * The Qt Quick peer of lamina-peer-bench (issue 29): the same scenes as benchmarks/peer_bench.c,
 * drawn by Qt Quick 6 (Debian's packages) into an 800 x 600 OpenGL texture through
 * QQuickRenderControl, with animations stepped by a fixed 1/60 s per frame (a QAnimationDriver
 * of its own, as Lamina's tick(t) is). A frame is: advance the animations, polish, sync, render,
 * glFinish (so llvmpipe's rasterising counts); its cost is the process's CPU time (every thread:
 * the scene graph's and llvmpipe's). Built only when CMake finds Qt6 Quick.
 *
 *   lamina-qt-peer --scene NAME [--frames F] [--warmup W] [--png PATH]
 *
 * --png saves the last frame (to compare it with lamina-peer-bench's by eye).
 *
 * Prints one line: PEER qt scene=NAME frames=F cpu_ms=<median> min_ms=... max_ms=...
 * draw_calls are not available from Qt's public API; QSG_RENDERER_DEBUG=render prints them.
 */
#include <QAnimationDriver>
#include <QGuiApplication>
#include <QImage>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QPainter>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickGraphicsDevice>
#include <QQuickImageProvider>
#include <QQuickItem>
#include <QQuickRenderControl>
#include <QQuickRenderTarget>
#include <QQuickWindow>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

const int W = 800, H = 600;

double cpu_ms() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// Animations advance by exactly one 60 Hz frame per step, whatever the wall clock does.
class StepDriver : public QAnimationDriver {
public:
    void step() {
        t_ += 1000 / 60.0;
        advance();
    }
    qint64 elapsed() const override { return qint64(t_); }

private:
    double t_ = 0;
};

// "image://gen/<i>": image i of peer_bench.c's make_image() (16 x 16, the same pixels).
class GenProvider : public QQuickImageProvider {
public:
    GenProvider() : QQuickImageProvider(QQuickImageProvider::Image) {}
    QImage requestImage(const QString &id, QSize *size, const QSize &) override {
        int i = id.toInt();
        QImage img(16, 16, QImage::Format_RGBA8888_Premultiplied);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++) {
                uchar *p = img.scanLine(y) + 4 * x;
                p[0] = uchar((i * 37 + x * 16) & 255);
                p[1] = uchar((i * 11 + y * 16) & 255);
                p[2] = uchar((i * 5 + (x ^ y) * 16) & 255);
                p[3] = 255;
            }
        if (size) *size = img.size();
        return img;
    }
};

// The nine-patch of a card's shadow: a 32 x 32 box with a Gaussian edge (sigma 3 px, i.e.
// shadowRadius 3), opacity 0.3, black; BorderImage stretches its middle (how a Qt Quick UI
// draws many cheap shadows; DropShadow would render every card offscreen).
class ShadowProvider : public QQuickImageProvider {
public:
    ShadowProvider() : QQuickImageProvider(QQuickImageProvider::Image) {}
    QImage requestImage(const QString &, QSize *size, const QSize &) override {
        const int n = 32, m = 10;  // m: the blur margin on each side
        QImage img(n, n, QImage::Format_RGBA8888_Premultiplied);
        auto edge = [&](double d) {  // coverage of a blurred edge at distance d inside
            return 0.5 * std::erfc(-d / (3.0 * std::sqrt(2.0)));
        };
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                double cx = x + 0.5, cy = y + 0.5;
                double a = edge(std::min(cx - m, n - m - cx)) * edge(std::min(cy - m, n - m - cy));
                uchar *p = img.scanLine(y) + 4 * x;
                p[0] = p[1] = p[2] = 0;
                p[3] = uchar(std::lround(255 * 0.3 * a));
            }
        if (size) *size = img.size();
        return img;
    }
};

// Every Rectangle and Image sets antialiasing: true (and Image smooth: true, its default):
// Lamina antialiases every edge (allowsEdgeAntialiasing defaults to YES), so the scenes draw
// alike. (Without it Qt Quick draws them aliased, opaque ones front to back without blending:
// 2.9 ms for 1,000 squares here against 8.0 ms with it; 4.9 ms for 1,000 images of one shared
// image against 10.0 ms; 12.6 ms for distinct images against 20.3 ms.)
// The squares of gles_bench.c / peer_bench.c: 16 x 16, centred on (bx, by), moving to
// (bx + 20, by + 15) and back over 1 + (i % 10) / 10 s, every fourth fading 1 -> 0.3 and back.
const char *kMoving = R"(
    property real bx: 10 + (index * 37) % 760
    property real by: 10 + Math.floor(index * 53 / 7) % 560
    property real dur: 1000 + (index % 10) * 100
    x: bx - width / 2; y: by - height / 2
    SequentialAnimation on x { loops: Animation.Infinite
        NumberAnimation { to: bx + 20 - width / 2; duration: dur }
        NumberAnimation { to: bx - width / 2; duration: dur } }
    SequentialAnimation on y { loops: Animation.Infinite
        NumberAnimation { to: by + 15 - height / 2; duration: dur }
        NumberAnimation { to: by - height / 2; duration: dur } }
)";

const char *kFade = R"(
    SequentialAnimation on opacity { loops: Animation.Infinite; running: index % 4 == 0
        NumberAnimation { from: 1; to: 0.3; duration: dur }
        NumberAnimation { from: 0.3; to: 1; duration: dur } }
)";

QByteArray scene_qml(const QString &scene, bool *ok) {
    QByteArray head = "import QtQuick\nRectangle { width: 800; height: 600; color: \"white\"\n";
    QByteArray body;
    auto squares = [&](int n) {
        body = "Repeater { model: " + QByteArray::number(n) + "; Rectangle { width: 16; height: 16; antialiasing: true\n"
               "color: Qt.rgba((index % 7) / 7, (index % 5) / 5, (index % 3) / 3, 1)\n" +
               QByteArray(kMoving) + kFade + "} }\n";
    };
    *ok = true;
    if (scene == "background") body = "";
    else if (scene == "squares-100") squares(100);
    else if (scene == "squares-1000") squares(1000);
    else if (scene == "squares-10000") squares(10000);
    else if (scene == "images-distinct" || scene == "images-shared")
        body = QByteArray("Repeater { model: 1000; Image { width: 16; height: 16; smooth: true; antialiasing: true\n"
                          "source: \"image://gen/\" + ") +
               (scene == "images-shared" ? "0" : "index") + "\n" + kMoving + kFade + "} }\n";
    else if (scene == "cards")
        // 48 x 32, cornerRadius 6, a 1 px grey border, shadow offset (0, 2) radius 3 opacity 0.3.
        body = QByteArray("Repeater { model: 1000; Item { width: 48; height: 32\n") + kMoving +
               "BorderImage { source: \"image://shadow/0\"; x: -10; y: -8; width: parent.width + 20;"
               " height: parent.height + 20; border { left: 16; right: 16; top: 16; bottom: 16 } }\n"
               "Rectangle { anchors.fill: parent; radius: 6; antialiasing: true;"
               " color: Qt.rgba((index % 7) / 7, (index % 5) / 5, (index % 3) / 3, 1);"
               " border.width: 1; border.color: \"#808080\" } } }\n";
    else if (scene == "idle-100k")
        // 100,000 2 x 2 squares on a 400 x 250 grid; every 100th moves (1 %).
        body = "Repeater { model: 100000; Rectangle { width: 2; height: 2; antialiasing: true\n"
               "color: Qt.rgba((index % 7) / 7, (index % 5) / 5, (index % 3) / 3, 1)\n"
               "property real bx: 1 + 2 * (index % 400)\n"
               "property real by: 51 + 2 * Math.floor(index / 400)\n"
               "x: bx - 1; y: by - 1\n"
               "SequentialAnimation on x { loops: Animation.Infinite; running: index % 100 == 0\n"
               "  NumberAnimation { to: bx + 19; duration: 1000 + (index % 10) * 100 }\n"
               "  NumberAnimation { to: bx - 1; duration: 1000 + (index % 10) * 100 } } } }\n";
    else *ok = false;
    return head + body + "}\n";
}

}  // namespace

int main(int argc, char **argv) {
    QString scene, png;
    int frames = 60, warmup = 5;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--scene") && i + 1 < argc) scene = argv[++i];
        else if (!std::strcmp(argv[i], "--frames") && i + 1 < argc) frames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--warmup") && i + 1 < argc) warmup = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--png") && i + 1 < argc) png = argv[++i];
    }
    if (scene.isEmpty() || frames < 1) {
        std::fprintf(stderr, "usage: lamina-qt-peer --scene NAME [--frames F] [--warmup W]\n");
        return 2;
    }
    // OpenGL ES 3 through EGL, as Lamina draws (with xcb: QT_XCB_GL_INTEGRATION=xcb_egl).
    QSurfaceFormat fmt;
    fmt.setRenderableType(QSurfaceFormat::OpenGLES);
    fmt.setVersion(3, 0);
    fmt.setDepthBufferSize(24);
    fmt.setStencilBufferSize(8);
    QSurfaceFormat::setDefaultFormat(fmt);
    QGuiApplication app(argc, argv);
    QQuickWindow::setGraphicsApi(QSGRendererInterface::OpenGL);

    QOpenGLContext ctx;
    ctx.setFormat(fmt);
    QOffscreenSurface surface;
    surface.setFormat(fmt);
    surface.create();
    if (!ctx.create() || !ctx.makeCurrent(&surface)) {
        std::fprintf(stderr, "lamina-qt-peer: no OpenGL context (platform %s)\n",
                     qPrintable(QGuiApplication::platformName()));
        return 1;
    }
    QOpenGLFunctions *gl = ctx.functions();

    StepDriver driver;
    driver.install();
    QQuickRenderControl control;
    QQuickWindow window(&control);
    window.setGraphicsDevice(QQuickGraphicsDevice::fromOpenGLContext(&ctx));
    if (!control.initialize()) {
        std::fprintf(stderr, "lamina-qt-peer: QQuickRenderControl::initialize failed\n");
        return 1;
    }
    GLuint tex = 0;
    gl->glGenTextures(1, &tex);
    gl->glBindTexture(GL_TEXTURE_2D, tex);
    gl->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    window.setRenderTarget(QQuickRenderTarget::fromOpenGLTexture(tex, QSize(W, H)));
    window.setGeometry(0, 0, W, H);
    window.contentItem()->setSize(QSizeF(W, H));

    QQmlEngine engine;
    engine.addImageProvider("gen", new GenProvider);
    engine.addImageProvider("shadow", new ShadowProvider);
    bool ok = false;
    QByteArray qml = scene_qml(scene, &ok);
    if (!ok) {
        std::fprintf(stderr, "lamina-qt-peer: unknown scene %s\n", qPrintable(scene));
        return 2;
    }
    QQmlComponent component(&engine);
    component.setData(qml, QUrl("peer.qml"));
    auto *root = qobject_cast<QQuickItem *>(component.create());
    if (!root) {
        std::fprintf(stderr, "lamina-qt-peer: %s\n", qPrintable(component.errorString()));
        return 1;
    }
    root->setParentItem(window.contentItem());

    std::vector<double> ms;
    for (int f = 0; f < warmup + frames; f++) {
        double t0 = cpu_ms();
        driver.step();
        control.polishItems();
        control.beginFrame();
        control.sync();
        control.render();
        control.endFrame();
        gl->glFinish();
        double t1 = cpu_ms();
        if (f >= warmup) ms.push_back(t1 - t0);
    }
    // A sanity check: the white root (or a card) covers the corner: the frame was drawn.
    unsigned char px[4] = {0, 0, 0, 0};
    GLuint fbo = 0;
    gl->glGenFramebuffers(1, &fbo);
    gl->glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    gl->glReadPixels(799, 599, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (px[3] != 255) {
        std::fprintf(stderr, "lamina-qt-peer: sanity: corner pixel alpha %d, expected opaque\n", px[3]);
        return 3;
    }
    if (!png.isEmpty()) {
        QImage img(W, H, QImage::Format_RGBA8888_Premultiplied);
        gl->glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img.bits());
        img.mirrored().save(png);  // GL rows run bottom-up
    }
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    size_t n = sorted.size();
    double med = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    std::printf("PEER qt scene=%s frames=%d cpu_ms=%.3f min_ms=%.3f max_ms=%.3f platform=%s gl=\"%s\"\n",
                qPrintable(scene), frames, med, sorted.front(), sorted.back(),
                qPrintable(QGuiApplication::platformName()),
                reinterpret_cast<const char *>(gl->glGetString(GL_RENDERER)));
    delete root;
    return 0;
}
