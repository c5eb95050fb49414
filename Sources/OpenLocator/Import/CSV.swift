/// Minimal RFC 4180 CSV field splitting (quoted fields, doubled quotes).
enum CSV {
    /// The fields of one line.
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var inQuotes = false
        var iterator = line.makeIterator()
        while let c = iterator.next() {
            if inQuotes {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            current.append("\"")
                        } else {
                            inQuotes = false
                            if next == "," { fields.append(current); current = "" } else { current.append(next) }
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                inQuotes = true
            } else if c == "," {
                fields.append(current)
                current = ""
            } else if c != "\r" {
                current.append(c)
            }
        }
        fields.append(current)
        return fields
    }
}
