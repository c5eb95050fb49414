/// An OpenStreetMap node: a point with an id, a WGS 84 position and tags.
///
///     OSMNode(id: 60068035, latitude: 60.169967, longitude: 24.937518, tags: ["amenity": "cafe"])
public struct OSMNode: Sendable, Equatable {
    /// The node's OSM id.
    public var id: Int64
    /// Latitude in degrees, north positive.
    public var latitude: Double
    /// Longitude in degrees, east positive.
    public var longitude: Double
    /// The node's tags; empty for most nodes, which only shape ways.
    public var tags: [String: String]

    /// Creates a node from its parts.
    public init(id: Int64, latitude: Double, longitude: Double, tags: [String: String] = [:]) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}

/// An OpenStreetMap way: an ordered list of node ids (a street, a building outline) with tags.
///
///     OSMWay(id: 4236349, nodeRefs: [1372477605, 292727220, 2394117042], tags: ["highway": "unclassified"])
public struct OSMWay: Sendable, Equatable {
    /// The way's OSM id.
    public var id: Int64
    /// The ids of the way's nodes, in order; a closed way repeats its first id at the end.
    public var nodeRefs: [Int64]
    /// The way's tags.
    public var tags: [String: String]

    /// Creates a way from its parts.
    public init(id: Int64, nodeRefs: [Int64], tags: [String: String] = [:]) {
        self.id = id
        self.nodeRefs = nodeRefs
        self.tags = tags
    }
}

/// An OpenStreetMap relation: an ordered list of members (nodes, ways, relations) with roles, and tags.
///
///     OSMRelation(id: 4055, members: [.init(kind: .way, ref: 123552494, role: "outer")], tags: ["type": "multipolygon"])
public struct OSMRelation: Sendable, Equatable {
    /// One member of a relation: a reference to another element and the role it plays.
    public struct Member: Sendable, Equatable {
        /// The kind of element a member refers to.
        public enum Kind: Sendable {
            /// The member is a node.
            case node
            /// The member is a way.
            case way
            /// The member is a relation.
            case relation
        }

        /// The kind of element referred to.
        public var kind: Kind
        /// The OSM id of the element referred to.
        public var ref: Int64
        /// The member's role, such as `"outer"` or `"via"`; often empty.
        public var role: String

        /// Creates a member from its parts.
        public init(kind: Kind, ref: Int64, role: String = "") {
            self.kind = kind
            self.ref = ref
            self.role = role
        }
    }

    /// The relation's OSM id.
    public var id: Int64
    /// The relation's members, in order.
    public var members: [Member]
    /// The relation's tags.
    public var tags: [String: String]

    /// Creates a relation from its parts.
    public init(id: Int64, members: [Member], tags: [String: String] = [:]) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// One element of an OpenStreetMap file, as `OSMPBFReader.forEach` hands it out.
///
///     if case .node(let node) = element, node.tags["amenity"] == "cafe" { … }
public enum OSMElement: Sendable, Equatable {
    /// A node.
    case node(OSMNode)
    /// A way.
    case way(OSMWay)
    /// A relation.
    case relation(OSMRelation)
}
