import AuditKit
import Testing

/// What the lexer records for the view composition graph and for texts that do not sit in `Text("…")`.
@Suite struct ViewGraphTests {
    private func references(_ source: String) -> [String] {
        SwiftLexer.scan(source).typeReferences.map { ($0.isPresentation ? "present " : "") + $0.name }
    }

    @Test func recordsCreationsByCallBuilderGenericAndInit() {
        let source = """
            struct Home: View {
                var body: some View {
                    VStack {
                        IncomeTile(total: 3)
                        Row { Text("x") }
                        Header<Text>(title: "y")
                        Tile.init(kind: .a)
                        if count < Limit { EmptyView() }
                    }
                }
            }
            extension Home: Equatable {}
            """
        #expect(
            references(source) == [
                "VStack", "IncomeTile", "Row", "Text", "Header", "Tile", "EmptyView",
            ])
        #expect(SwiftLexer.scan(source).typeReferences.allSatisfy { $0.enclosingTypes == ["Home"] })
    }

    @Test func presentationsAreToldApartFromChildren() {
        let source = """
            struct Screen: View {
                var body: some View {
                    List {
                        NavigationLink("Open", destination: Detail())
                        NavigationLink("Go") { Pushed() }
                        NavigationLink { Other() } label: { Badge() }
                        NavigationLink(value: 1) { RowLabel() }
                        Child()
                    }
                    .sheet(isPresented: $a) { Form1() }
                    .fullScreenCover(item: $b, content: { item in Cover(item: item) })
                    .popover(isPresented: $c) { Pop() }
                    .inspector(isPresented: $d) { Inspect() }
                    .navigationDestination(for: Int.self) { n in Dest(n: n) }
                    .overlay { Overlay() }
                }
            }
            #Preview { Screen() }
            """
        #expect(
            references(source) == [
                "List", "NavigationLink", "present Detail", "NavigationLink", "present Pushed", "NavigationLink",
                "present Other", "Badge", "NavigationLink", "RowLabel", "Child", "present Form1", "present Cover",
                "present Pop", "present Inspect", "present Dest", "Overlay",
            ])
        let index = SourceIndex.build(sources: [
            ("Screen.swift", source),
            (
                "Views.swift",
                "struct Detail: View {}\nstruct Child: View {}\nstruct Form1: View {}\nstruct Badge: View {}"
            ),
        ])
        #expect(index.graph.children["Screen"] == ["Badge", "Child"])
        #expect(index.graph.presentations["Screen"] == ["Detail", "Form1"])
        #expect(index.graph.subtree(of: "Screen") == ["Screen": 0, "Badge": 1, "Child": 1])
        #expect(index.graph.ancestors(of: "Child") == ["Child", "Screen"])
    }

    @Test func hiddenControlLabelsAreMarked() {
        let source = """
            struct Filters: View {
                var body: some View {
                    VStack {
                        Toggle("Shown", isOn: $a)
                        Picker("Sort", selection: $s) {
                            Text("Name").tag(0)
                        }
                        .pickerStyle(.segmented)
                        Picker("Menu style", selection: $m) { Text("One") }
                        Form {
                            Toggle("Quiet", isOn: $q)
                            Stepper("Count", value: $n)
                        }
                        .labelsHidden()
                        DatePicker("Day", selection: $d)
                    }
                }
            }
            """
        let hidden = SwiftLexer.scan(source).literals.filter(\.isHiddenLabel).map(\.displayText)
        #expect(hidden == ["Sort", "Quiet", "Count"])
    }

    @Test func namesHandedToTextBearingCallsAndLiteralContexts() {
        let source = """
            enum Tab {
                case home
                var title: LocalizedStringKey {
                    switch self {
                    case .home: "tab.home"
                    }
                }
            }
            struct Root: View {
                let greeting: String
                var body: some View {
                    TabView {
                        Text(greeting)
                        Label(tab.title, systemImage: "house")
                        Text(kind.label(for: 3))
                        Button(action: save) { Text(verbatim: caption) }
                        Text(name + "!")
                        HomeView().tabItem { Label("Home", systemImage: "house") }
                    }
                }
            }
            """
        let scan = SwiftLexer.scan(source)
        #expect(
            scan.forwardedNames.map { "\($0.call).\($0.name)" } == [
                "Text.greeting", "Label.title", "Text.label", "Text.caption",
            ])
        let tabKey = scan.literals.first { $0.displayText == "tab.home" }
        #expect(tabKey?.member == "title" && tabKey?.call == nil)
        let home = scan.literals.first { $0.displayText == "Home" }
        #expect(home?.closureCall == "tabItem" && home?.call == "Label")
        let index = SourceIndex.build(sources: [("Root.swift", source)])
        #expect(index.forwardedNames["title"] == ["Root"])
        #expect(index.tabTitleNames.isEmpty)
        let entry = index.literals.first { $0.literal.displayText == "tab.home" }!
        #expect(index.textRole(of: entry) == .forwarded)
        #expect(entry.owner == "Tab" && entry.view == nil)
        #expect(index.isTabTitle(index.literals.first { $0.literal.displayText == "Home" }!))
    }

    @Test func patternsAreFoundThroughTheirRarestWholeWord() {
        let index = SourceIndex.build(sources: [
            (
                "A.swift",
                """
                let a = "\\(n) items left"
                let b = "\\(n) items left"
                let c = "\\(a) of \\(b)"
                let d = "\\(x)s on sale"
                let e = "\\(p)%"
                """
            )
        ])
        #expect(index.patternMatches("3 items left").map(\.literal.literal.line) == [1, 2])
        #expect(index.patternMatches("2 of 6").map(\.isShort) == [true])
        #expect(index.literals(matchingPattern: "2 of 6").isEmpty)
        // A hole may extend a word: "shoes" matches "\(x)s on sale".
        #expect(index.patternMatches("shoes on sale").map(\.literal.literal.line) == [4])
        #expect(index.patternMatches("45%").map(\.literal.literal.line) == [5])
        #expect(index.patternMatches("nothing").isEmpty)
    }

    @Test func usesKeepTheOrderAViewCreatesItsChildrenIn() {
        let index = SourceIndex.build(sources: [
            (
                "App/Trip.swift",
                """
                struct ArrivalRow: View { var body: some View { Text("a") } }
                struct DepartureRow: View { var body: some View { Text("d") } }
                struct TripView: View {
                    var body: some View {
                        List {
                            DepartureRow()
                            ArrivalRow()
                            DepartureRow()
                        }
                    }
                }
                """
            )
        ])
        #expect(index.graph.children["TripView"] == ["ArrivalRow", "DepartureRow"])
        #expect(
            index.graph.uses["TripView"] == [
                ViewGraph.ViewUse(child: "DepartureRow", file: "App/Trip.swift", line: 6, member: "body"),
                ViewGraph.ViewUse(child: "ArrivalRow", file: "App/Trip.swift", line: 7, member: "body"),
            ])
    }
}
