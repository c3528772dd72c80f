import AuditKit
import Foundation
import Testing

/// The one path splitter (issue 29, item 4): every relative name, one character long or not.
@Suite struct PathNameTests {
    @Test(arguments: [
        ("h", "", "h", "", "h"), ("h/", "", "h", "", "h"), (".", "", ".", "", "."), ("a//", "", "a", "", "a"),
        ("a/b.html", "a", "b.html", "html", "a/b"), ("/h", "/", "h", "", "/h"), ("/", "/", "/", "", "/"),
        ("", "", "", "", ""), ("a//b", "a", "b", "", "a//b"), ("x/.h", "x", ".h", "", "x/.h"),
        ("b.json.html", "", "b.json.html", "html", "b.json"), ("a.", "", "a.", "", "a."),
        ("é/ü.md", "é", "ü.md", "md", "é/ü"), ("/a/b/", "/a", "b", "", "/a/b"),
    ])
    func splitsEveryName(_ path: String, parent: String, last: String, fileExtension: String, deleted: String) {
        #expect(PathName.parent(path) == parent)
        #expect(PathName.last(path) == last)
        #expect(PathName.fileExtension(path) == fileExtension)
        #expect(PathName.deletingExtension(path) == deleted)
    }

    @Test func joinsIntoTheWorkingFolderWhenTheFolderIsEmpty() {
        #expect(PathName.join("", "b") == "b")
        #expect(PathName.join("a/", "b") == "a/b")
        #expect(PathName.join("/", "b") == "/b")
    }
}
