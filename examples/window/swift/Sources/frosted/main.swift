// SPDX-License-Identifier: Apache-2.0
// A frosted-glass card over a moving background in Swift (issue 32; examples/window/frosted.c
// is the C version): coloured stripes slide back and forth under a rounded card whose
// backgroundFilters blur (inputRadius 20) and saturate (inputSaturation 1.6) what lies beneath
// it, inside its rounded bounds only. A click toggles the blur between 20 and 4, animated
// implicitly through the key path "backgroundFilters.frost.inputRadius".
//
//   swift run frosted
//   swift run frosted --png out.png [--at T]   (one frame at time T, headless; prints stats)

import CSDL2
import Lamina
import LaminaGLES

let W = 480, H = 320

func add(_ engine: Engine, _ parent: Layer, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
         _ color: Color?) -> Layer {
    let l = engine.makeLayer()
    l.bounds = Rect(x: 0, y: 0, width: w, height: h)
    l.position = Point(x: x + w / 2, y: y + h / 2)
    if let color { l.backgroundColor = color }
    parent.addSublayer(l)
    return l
}

func buildTree(_ engine: Engine) throws(LaminaError) -> (root: Layer, card: Layer) {
    let root = engine.makeLayer()
    root.bounds = Rect(x: 0, y: 0, width: Double(W), height: Double(H))
    root.position = Point(x: Double(W) / 2, y: Double(H) / 2)
    root.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.98)
    // The background: stripes on a strip wider than the window, sliding.
    let strip = add(engine, root, -120, 0, Double(W) + 240, Double(H), nil)
    let colours = [Color(red: 0.95, green: 0.30, blue: 0.25), Color(red: 0.98, green: 0.80, blue: 0.20),
                   Color(red: 0.20, green: 0.70, blue: 0.40), Color(red: 0.20, green: 0.45, blue: 0.90),
                   Color(red: 0.55, green: 0.30, blue: 0.80)]
    for k in 0..<12 { _ = add(engine, strip, 20 + 60 * Double(k), 0, 30, Double(H), colours[k % 5]) }
    _ = add(engine, strip, 0, 140, Double(W) + 240, 24, Color(red: 0.1, green: 0.1, blue: 0.1))
    var slide = Animation.basic(keyPath: "position", from: .point(Point(x: Double(W) / 2 - 60, y: Double(H) / 2)),
                                to: .point(Point(x: Double(W) / 2 + 60, y: Double(H) / 2)), duration: 2)
    slide.timing.repeatCount = .infinity
    slide.timing.autoreverses = true
    try strip.add(slide, forKey: "slide")
    // The card: translucent white, rounded, its backdrop blurred and saturated.
    let card = add(engine, root, 90, 70, 300, 180, Color(red: 1, green: 1, blue: 1, alpha: 0.22))
    card.cornerRadius = 24
    card.backgroundFilters = [.gaussianBlur(name: "frost", radius: 20),
                              .colorControls(name: "vivid", saturation: 1.6)]
    _ = add(engine, card, 24, 24, 140, 18, Color(red: 1, green: 1, blue: 1, alpha: 0.85))
    _ = add(engine, card, 24, 56, 220, 10, Color(red: 1, green: 1, blue: 1, alpha: 0.6))
    _ = add(engine, card, 24, 74, 180, 10, Color(red: 1, green: 1, blue: 1, alpha: 0.6))
    return (root, card)
}

func run() throws(LaminaError) {
    var png: String?, at = 0.5
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        if arg == "--png" { png = args.next() }
        if arg == "--at", let t = args.next().flatMap({ Double($0) }) { at = t }
    }
    if let png {
        let engine = Engine()
        let (root, _) = try buildTree(engine)
        engine.tick(0)
        engine.tick(at)
        let img = try renderImage(root, width: W, height: H, scale: 1, at: at)
        try img.writePNG(to: png)
        let c = img.pixel(x: 240, y: 160)
        let ms = Int((at * 1000).rounded()), frac = String(ms % 1000)
        let t = "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac  // 3 decimals, as C's %.3f
        print("frosted: \(W)x\(H) at t=\(t), backdrops filtered \(img.stats.backdropsFiltered), "
              + "card centre rgb(\(c.red), \(c.green), \(c.blue))")
        return
    }
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fatalError("SDL: \(String(cString: SDL_GetError()))") }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
    let centered = Int32(SDL_WINDOWPOS_CENTERED_MASK)
    let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard let window = SDL_CreateWindow("Lamina: frosted glass", centered, centered, Int32(W), Int32(H), flags),
          let context = SDL_GL_CreateContext(window) else {
        fatalError("no OpenGL ES 3 context: \(String(cString: SDL_GetError()))")
    }
    SDL_GL_SetSwapInterval(1)
    let engine = Engine(clock: Engine.monotonicClock)  // commits read the time themselves
    let (root, card) = try buildTree(engine)
    engine.tick()
    var renderer: Renderer? = try Renderer()
    var soft = false, event = SDL_Event(), running = true
    while running {
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { running = false }
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                soft.toggle()  // the blur animates there (the implicit action of its key path)
                try card.setValue(.number(soft ? 4 : 20), forKeyPath: "backgroundFilters.frost.inputRadius")
            }
        }
        engine.tick()
        var dw: Int32 = 0, dh: Int32 = 0
        SDL_GL_GetDrawableSize(window, &dw, &dh)
        try renderer?.render(root, scale: Double(dw) / Double(W))  // device pixels per point
        SDL_GL_SwapWindow(window)
    }
    renderer = nil  // frees its GL objects while the context is current
    SDL_GL_DeleteContext(context)
    SDL_DestroyWindow(window)
    SDL_Quit()
}

do {
    try run()
} catch {
    print("frosted: \(error)")
    exit(1)
}
