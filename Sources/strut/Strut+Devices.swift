import ArgumentParser
import AutoLayout

/// `strut devices [--json]`: the device catalog with every configuration's numbers.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the device catalog: points, scale, safe areas, size classes and iPad split views.")

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func run() {
        print(json ? DeviceCatalog.listingJSON().jsonText(indent: 2) : DeviceCatalog.listingText())
    }
}
