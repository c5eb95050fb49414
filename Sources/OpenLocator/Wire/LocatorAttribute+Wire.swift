/// A field type as a GeocodeServer's description names it (`esriFieldTypeDouble`).
extension LocatorAttribute.FieldType {
    package var esriName: String {
        switch self {
        case .string: "esriFieldTypeString"
        case .double: "esriFieldTypeDouble"
        case .integer: "esriFieldTypeInteger"
        case .geometry: "esriFieldTypeGeometry"
        }
    }

    /// The type an ArcGIS field type name stands for; text for names it does not know.
    package init(esriName: String) {
        switch esriName {
        case "esriFieldTypeDouble", "esriFieldTypeSingle": self = .double
        case "esriFieldTypeInteger", "esriFieldTypeSmallInteger", "esriFieldTypeOID": self = .integer
        case "esriFieldTypeGeometry": self = .geometry
        default: self = .string
        }
    }
}
