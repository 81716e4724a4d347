/// The member names the schema reads, as UTF-8 once, so that reading a record allocates none.
enum SchemaKeys {
    static let args = Array("args".utf8)
    static let handler = Array("handler".utf8)
    static let line = Array("line".utf8)
    static let pattern = Array("pattern".utf8)
    static let route = Array("route".utf8)
    static let table = Array("table".utf8)
}
