import LinearConstraints

/// The priorities the lowering and the layout pass use for what is not in the case file.
public enum LayoutPriorities {
    /// The device's edits (the root's frame, the guides' insets): the strongest level below
    /// required, `Float(1000).nextDown` (999.99994). UIKit pins the root with required
    /// constraints; Strut makes them edit variables so a device switch is `suggestValue`, and
    /// keeps them above every real priority and above broken constraints, so a layout never
    /// trades the screen's size for a case's constraint.
    public static let deviceEdit = Priority(Float(1000).nextDown)

    /// A constraint broken to recover from a conflict is re-added here, the next level down
    /// (999.99988): above every priority a case can sensibly write (UIKit's internal 1100
    /// analogue, which a Float in (0, 1000] cannot express above the device's edits), so the
    /// broken constraint still pulls as hard as anything but the required set and the device.
    public static let broken = Priority(Float(1000).nextDown.nextDown)
}
