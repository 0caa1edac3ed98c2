import AutoLayout
import LinearConstraints

extension RealisticScreens {
    /// A navigation bar under the status bar, a tab bar of equal-width items pinned to the
    /// bottom safe area, and a content view between them holding a toolbar of buttons.
    static func bars(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let items = max((r.size - 5) / 3, 2)
        var b = CaseBuilder(capacity: r.size)
        let nav = b.view("navBar", in: "main"), tab = b.view("tabBar", in: "main"), content = b.view("content", in: "main")
        let title = b.label("navTitle", in: nav, width: rng.stepped(60...180, step: 1), height: 22)
        b.add(a(nav, .leading), .equal, a("main", .leading))
        b.add(a(nav, .trailing), .equal, a("main", .trailing))
        b.add(a(nav, .top), .equal, a("main", .top))
        b.add(a(nav, .bottom), .equal, g("main", .safeArea, .top), 44)
        b.add(a(title, .centerX), .equal, a(nav, .centerX))
        b.add(a(title, .bottom), .equal, a(nav, .bottom), -11)
        b.add(a(tab, .leading), .equal, a("main", .leading))
        b.add(a(tab, .trailing), .equal, a("main", .trailing))
        b.add(a(tab, .bottom), .equal, a("main", .bottom))
        b.add(a(tab, .top), .equal, g("main", .safeArea, .bottom), -49)
        b.add(a(content, .leading), .equal, g("main", .safeArea, .leading))
        b.add(a(content, .trailing), .equal, g("main", .safeArea, .trailing))
        b.add(a(content, .top), .equal, a(nav, .bottom))
        b.add(a(content, .bottom), .equal, a(tab, .top))
        for i in 0..<items {
            let item = b.view("tab\(i)", in: tab), icon = b.view("icon\(i)", in: item)
            let caption = b.label("caption\(i)", in: item, width: rng.stepped(24...70, step: 1), height: 12)
            b.add(a(item, .leading), .equal, i == 0 ? g(tab, .safeArea, .leading) : a("tab\(i - 1)", .trailing))
            if i > 0 { b.add(a(item, .width), .equal, a("tab\(i - 1)", .width)) }
            if i == items - 1 { b.add(a(item, .trailing), .equal, g(tab, .safeArea, .trailing)) }
            b.add(a(item, .top), .equal, a(tab, .top))
            b.size(a(item, .height), .equal, 49)
            b.add(a(icon, .centerX), .equal, a(item, .centerX))
            b.add(a(icon, .top), .equal, a(item, .top), 6)
            b.size(a(icon, .width), .equal, 25)
            b.size(a(icon, .height), .equal, 25)
            b.add(a(caption, .centerX), .equal, a(item, .centerX))
            b.add(a(caption, .top), .equal, a(icon, .bottom), 2)
        }
        b.expectDetermined()
        return b.finish(r, "navigation bar, content and a tab bar of \(items) items on the safe area")
    }

    /// Onboarding: full-screen pages side by side (a paging strip), each with a centred image,
    /// title and body text at most 80% of the page wide, and a button above the bottom safe area.
    static func onboarding(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let pages = max(r.size / 5, 1)
        var b = CaseBuilder(capacity: r.size)
        for i in 0..<pages {
            let page = b.view("page\(i)", in: "main"), image = b.view("image\(i)", in: page)
            let title = b.label("title\(i)", in: page, width: rng.stepped(80...300, step: 1), height: 34)
            let body = b.label("body\(i)", in: page, width: rng.stepped(100...900, step: 1), height: rng.pick([40, 60, 80]))
            let button = b.label("next\(i)", in: page, width: rng.stepped(60...120, step: 1), height: 50)
            b.add(a(page, .leading), .equal, i == 0 ? a("main", .leading) : a("page\(i - 1)", .trailing))
            b.add(a(page, .width), .equal, a("main", .width))
            b.add(a(page, .top), .equal, a("main", .top))
            b.add(a(page, .height), .equal, a("main", .height))
            b.add(a(image, .centerX), .equal, a(page, .centerX))
            b.add(a(image, .centerY), .equal, a(page, .centerY), -80)
            b.size(a(image, .width), .equal, 120)
            b.add(a(image, .height), .equal, a(image, .width))
            b.add(a(title, .centerX), .equal, a(page, .centerX))
            b.add(a(title, .top), .equal, a(image, .bottom), 24)
            b.add(a(body, .centerX), .equal, a(page, .centerX))
            b.add(a(body, .top), .equal, a(title, .bottom), 12)
            b.add(a(body, .width), .lessThanOrEqual, a(page, .width), times: 0.8)
            b.add(a(button, .centerX), .equal, a(page, .centerX))
            b.add(a(button, .bottom), .equal, g(page, .safeArea, .bottom), -20)
        }
        b.expectDetermined()
        return b.finish(r, "onboarding strip of \(pages) pages with centred content")
    }

    /// iPad master-detail: at regular width a 320-point master column beside the detail; at
    /// compact width the master fills the screen and the detail waits off screen to its right
    /// (size-class-conditional constraints). The master lists rows, the detail has a header and body.
    static func masterDetail(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let rows = max(r.size - 5, 1)
        var b = CaseBuilder(capacity: r.size)
        let master = b.view("master", in: "main"), detail = b.view("detail", in: "main")
        let wC = SizeClassCondition(horizontal: .compact), wR = SizeClassCondition(horizontal: .regular)
        b.add(a(master, .leading), .equal, a("main", .leading))
        b.add(a(master, .top), .equal, a("main", .top))
        b.add(a(master, .bottom), .equal, a("main", .bottom))
        b.add(a(master, .width), .equal, nil, 320, when: wR)
        b.add(a(master, .width), .equal, a("main", .width), when: wC)
        b.add(a(detail, .leading), .equal, a(master, .trailing), when: wR)
        b.add(a(detail, .trailing), .equal, a("main", .trailing), when: wR)
        b.add(a(detail, .leading), .equal, a("main", .trailing), when: wC)
        b.add(a(detail, .width), .equal, a("main", .width), when: wC)
        b.add(a(detail, .top), .equal, a("main", .top))
        b.add(a(detail, .bottom), .equal, a("main", .bottom))
        for i in 0..<rows {
            let row = b.label("row\(i)", in: master, width: rng.stepped(60...280, step: 1), height: 21)
            b.add(a(row, .leading), .equal, g(master, .margins, .leading))
            b.add(a(row, .trailing), .lessThanOrEqual, g(master, .margins, .trailing))
            b.add(a(row, .top), .equal, i == 0 ? g(master, .safeArea, .top) : a("row\(i - 1)", .bottom), i == 0 ? 8 : 23)
        }
        let header = b.label("header", in: detail, width: rng.stepped(100...400, step: 1), height: 41)
        let body = b.label("body", in: detail, width: rng.stepped(200...2000, step: 1), height: 400)
        b.add(a(header, .leading), .equal, g(detail, .readable, .leading))
        b.add(a(header, .top), .equal, g(detail, .safeArea, .top), 20)
        b.add(a(body, .leading), .equal, g(detail, .readable, .leading))
        b.add(a(body, .trailing), .equal, g(detail, .readable, .trailing))
        b.add(a(body, .top), .equal, a(header, .bottom), 12)
        b.devices = ["ipad-pro-12.9", "ipad-pro-12.9:landscape", "ipad-pro-12.9:landscape:half", "ipad:portrait:slide-over", "ipad-air", "iphone-12"].map { .id($0) }
        b.expectDetermined()
        return b.finish(r, "iPad master-detail with \(rows) master rows")
    }

    /// A scroll view on the safe area whose content (rows of text, as many as asked) is pinned
    /// to its content guide and as wide as its frame guide: long content, determined extent.
    static func scrollContent(_ r: GenerationRequest) -> LayoutCase {
        var rng = SeededRandom(seed: r.seed)
        let rows = max(r.size - 2, 1)
        var b = CaseBuilder(capacity: r.size)
        let scroll = b.view("scroll", in: "main") { $0.scroll = true }
        b.pinEdges(scroll, to: ItemReference("main", guide: .safeArea))
        for i in 0..<rows {
            let row = b.label("text\(i)", in: scroll, width: rng.stepped(40...300, step: 1), height: rng.pick([21, 42, 63]))
            b.add(a(row, .leading), .equal, g(scroll, .content, .leading), 16)
            b.add(a(row, .trailing), .equal, g(scroll, .content, .trailing), -16)
            b.add(a(row, .top), .equal, i == 0 ? g(scroll, .content, .top) : a("text\(i - 1)", .bottom), 8)
        }
        b.add(a("text\(rows - 1)", .bottom), .equal, g(scroll, .content, .bottom), -8)
        b.add(g(scroll, .content, .width), .equal, g(scroll, .frameGuide, .width))
        b.expectDetermined()
        return b.finish(r, "a scroll view with \(rows) rows of content")
    }
}
