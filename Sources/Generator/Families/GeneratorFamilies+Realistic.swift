import AutoLayout

extension GeneratorFamilies {
    /// Screens shaped like real apps, plain constraints only; every one records that it is
    /// determined and conflict-free on every device.
    static let realistic: [Family] = [
        Family(
            "form", .realistic,
            summary: "Label and text-field rows: labels in one column as wide as the widest, fields on the labels' first baselines filling the margins, a submit button that prefers to stay above a keyboard guide pinned to the screen's bottom.",
            defaultSize: 22, sizeRange: 4...1_000_000
        ) { .layout(RealisticScreens.form($0)) },
        Family(
            "table-cells", .realistic,
            summary: "A table of self-sizing cells (image, title, subtitle, accessory): each cell's height is fitted to its content at fitting-size priority; titles and subtitles give way before the accessory.",
            defaultSize: 50, sizeRange: 5...1_000_000
        ) { .layout(RealisticScreens.tableCells($0)) },
        Family(
            "chat", .realistic,
            summary: "Chat bubbles alternating at random between the leading and trailing margins, each sized by its text and at most maxWidth of the screen.",
            defaultSize: 30, sizeRange: 2...1_000_000,
            knobs: [Knob("maxWidth", 0.75, 0.1...1, "largest bubble width as a fraction of the screen's")]
        ) { .layout(RealisticScreens.chat($0)) },
        Family(
            "settings", .realistic,
            summary: "A settings page of grouped sections (header, rows of title, value and optional switch) on the safe area, with section margins; values give way to titles (compression resistance 749).",
            defaultSize: 40, sizeRange: 2...1_000_000
        ) { .layout(RealisticScreens.settings($0)) },
        Family(
            "bars", .realistic,
            summary: "A navigation bar under the status bar, content between, and a tab bar of equal-width items (icon and caption) pinned to the bottom safe area.",
            defaultSize: 20, sizeRange: 11...1_000_000
        ) { .layout(RealisticScreens.bars($0)) },
        Family(
            "onboarding", .realistic,
            summary: "Full-screen onboarding pages side by side, each with a centred image, title, body at most 80% of the page wide, and a button above the bottom safe area.",
            defaultSize: 20, sizeRange: 5...1_000_000
        ) { .layout(RealisticScreens.onboarding($0)) },
        Family(
            "master-detail", .realistic,
            summary: "iPad master-detail with size-class-conditional constraints: a 320-point master beside the detail at regular width, the master alone at compact width; the detail's text sits in its readable guide. Devices: full screen, splits and slide-over.",
            defaultSize: 20, sizeRange: 6...1_000_000
        ) { .layout(RealisticScreens.masterDetail($0)) },
        Family(
            "scroll-content", .realistic,
            summary: "A scroll view on the safe area whose rows of text are pinned to its content guide, as wide as its frame guide: long content with a determined extent.",
            defaultSize: 30, sizeRange: 3...1_000_000
        ) { .layout(RealisticScreens.scrollContent($0)) },
    ]
}
