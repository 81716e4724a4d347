import Testing
@_spi(Records) @testable import UrnCore

/// Path values read by a parameter's schema (`ParameterSchema`): strict JSON Schema typing, and
/// the first rule a value breaks, as `invalid` names it.
@Suite struct ParameterSchemaTests {
    func read(_ schema: ParameterSchema, _ text: String) throws -> String {
        let (value, broken) = try schema.read(ArraySlice(text.utf8))
        let shown: String = switch value {
        case .string: "\"" + text + "\""
        case let .integer(int): String(int)
        case let .number(double): String(double)
        case let .boolean(flag): String(flag)
        }
        return shown + (broken.map { " ! " + $0 } ?? "")
    }

    @Test func typesAreReadStrictly() throws {
        let integer = ParameterSchema(type: .integer)
        #expect(try read(integer, "42") == "42")
        #expect(try read(integer, "-7") == "-7")
        #expect(try read(integer, "007") == "7")
        #expect(try read(integer, "+5") == "\"+5\" ! type: integer")
        #expect(try read(integer, "1e3") == "\"1e3\" ! type: integer")
        #expect(try read(integer, "1.0") == "\"1.0\" ! type: integer")
        #expect(try read(integer, "9223372036854775808") == "\"9223372036854775808\" ! format: int64")
        let number = ParameterSchema(type: .number)
        #expect(try read(number, "1.5e3") == "1500.0")
        #expect(try read(number, "-0.5") == "-0.5")
        for refused in [".5", "5.", "01", "+1", "1e", "inf", "NaN", ""] {
            #expect(try read(number, refused) == "\"\(refused)\" ! type: number")
        }
        let boolean = ParameterSchema(type: .boolean)
        #expect(try read(boolean, "false") == "false")
        #expect(try read(boolean, "1") == "\"1\" ! type: boolean")
    }

    @Test func rulesAreNamedAsTheSchemaWritesThem() throws {
        let pattern = try Regex("[0-9]{2}", anchoring: .source)
        #expect(try read(ParameterSchema(type: .string, pattern: pattern), "ab12cd") == "\"ab12cd\"")  // a search, as JSON Schema's
        #expect(try read(ParameterSchema(type: .string, pattern: pattern), "ab1") == "\"ab1\" ! pattern: [0-9]{2}")
        #expect(try read(ParameterSchema(type: .integer, format: "int32"), "3000000000") == "3000000000 ! format: int32")
        let bounded = ParameterSchema(type: .number, minimum: .init(value: 0, exclusive: true), maximum: .init(value: 10, exclusive: false))
        #expect(try read(bounded, "0") == "0.0 ! exclusiveMinimum: 0")
        #expect(try read(bounded, "10") == "10.0")
        #expect(try read(bounded, "10.5") == "10.5 ! maximum: 10")
        #expect(try read(ParameterSchema(type: .string, minLength: 2, maxLength: 3), "héé") == "\"héé\"")  // characters, not bytes
        let enumeration = ParameterSchema(type: .integer, allowed: [.number("1"), .number("2.0")])
        #expect(try read(enumeration, "2") == "2")
        #expect(try read(enumeration, "3") == "3 ! enum: [1, 2]")
        #expect(try read(ParameterSchema(type: .string, format: "uuid"), "5b2f1a6e-8d4c-4e1f-9a3b-2c7d6e5f4a3") == "\"5b2f1a6e-8d4c-4e1f-9a3b-2c7d6e5f4a3\" ! format: uuid")
    }
}
