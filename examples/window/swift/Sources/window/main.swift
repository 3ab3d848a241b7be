// SPDX-License-Identifier: Apache-2.0
// A first windowed Lamina program in Swift: SDL2 opens a window with an OpenGL ES 3 context,
// LaminaGLES's Renderer draws the layer tree into it, and a click on the card (hit-tested on
// the presentation tree, where the card is on screen) flips its colour and sends it to the
// other side; a click elsewhere moves it there. Every change animates implicitly.
//
//   swift run window
//   swift run window --screenshot out.png [--click X,Y]   (draw a few frames, save one, quit)

import CSDL2
import Lamina
import LaminaGLES

let W = 480, H = 320
let blue = Color(red: 0.20, green: 0.45, blue: 0.90), orange = Color(red: 0.95, green: 0.45, blue: 0.20)

func run() throws(LaminaError) {
    var shot: String?, clickAt: Point?
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        if arg == "--screenshot" { shot = args.next() }
        if arg == "--click", let xy = args.next()?.split(separator: ",").compactMap({ Double($0) }), xy.count == 2 {
            clickAt = Point(x: xy[0], y: xy[1])
        }
    }
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fatalError("SDL: \(String(cString: SDL_GetError()))") }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
    let centered = Int32(SDL_WINDOWPOS_CENTERED_MASK)
    let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
    guard let window = SDL_CreateWindow("Lamina", centered, centered, Int32(W), Int32(H), flags),
          let context = SDL_GL_CreateContext(window) else {
        fatalError("no OpenGL ES 3 context: \(String(cString: SDL_GetError()))")
    }
    SDL_GL_SetSwapInterval(1)

    let engine = Engine(clock: Engine.monotonicClock)  // commits read the time themselves
    let root = engine.makeLayer()
    root.bounds = Rect(x: 0, y: 0, width: Double(W), height: Double(H))
    root.position = Point(x: Double(W) / 2, y: Double(H) / 2)
    root.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
    let card = engine.makeLayer()
    card.bounds = Rect(x: 0, y: 0, width: 160, height: 100)
    card.position = Point(x: 140, y: 160)
    card.backgroundColor = blue
    card.cornerRadius = 16
    card.shadowOpacity = 0.3
    card.shadowRadius = 8
    card.shadowOffset = Size(width: 0, height: 4)
    root.addSublayer(card)
    engine.tick()  // commit: the tree now has a presentation
    var renderer: Renderer? = try Renderer()

    func click(_ point: Point) throws(LaminaError) {
        if try root.hitTest(point, in: .presentation()) == card {  // where it is on screen now
            let flipped = card.backgroundColor == blue
            card.backgroundColor = flipped ? orange : blue
            card.position = Point(x: flipped ? 340 : 140, y: 160)
        } else {
            card.position = point
        }
    }

    if let clickAt { try click(clickAt) }
    var event = SDL_Event(), frame = 0, running = true
    while running {
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { running = false }
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                try click(Point(x: Double(event.button.x), y: Double(event.button.y)))
            }
        }
        engine.tick()
        var dw: Int32 = 0, dh: Int32 = 0
        SDL_GL_GetDrawableSize(window, &dw, &dh)
        try renderer?.render(root, scale: Double(dw) / Double(W))  // device pixels per point
        if let shot, frame == 40 {  // the click's 0.25 s animation has finished
            try screenshot(width: Int(dw), height: Int(dh)).writePNG(to: shot)
            running = false
        }
        SDL_GL_SwapWindow(window)
        if shot != nil { SDL_Delay(10) }  // vsync may be off under Xvfb: let the clock move
        frame += 1
    }
    renderer = nil  // frees its GL objects while the context is current
    SDL_GL_DeleteContext(context)
    SDL_DestroyWindow(window)
    SDL_Quit()
}

/// The window's pixels, rows top first (GL reads them bottom first).
func screenshot(width: Int, height: Int) throws(LaminaError) -> RenderedImage {
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &rgba)
    let row = width * 4
    let flipped = (0..<height).flatMap { y in rgba[(height - 1 - y) * row..<(height - y) * row] }
    return try RenderedImage(width: width, height: height, rgba: flipped)
}

do {
    try run()
} catch {
    print("window: \(error)")
    exit(1)
}
