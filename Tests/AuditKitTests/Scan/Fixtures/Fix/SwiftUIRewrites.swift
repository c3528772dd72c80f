import SwiftUI

/// Each kind of SwiftUI rewrite `scan --fix` makes.
struct ProfileHeader: View {
    /// The name shown.
    let name: String
    let iconSize: CGFloat = 12

    var body: some View {
        VStack {
            Text(name)
                .font(.system(size: 17, weight: .semibold))
            Text("Member since 2020").font(Font.system(size: 12))
            HStack {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
                    .font(
                        .system(
                            size: 14,
                            weight: .medium
                        )
                    )
                Text("Favourites").font(.footnote)
            }
            HStack {
                Image(systemName: "bell").font(.system(size: 22))
                Text("Alerts")
            }
            Image(systemName: "person").font(.system(size: 64, weight: .light))
            Image(systemName: "person.2").font(.system(size: 64, weight: .light))
            Text("Badge").font(.system(size: 13, weight: .bold))
            Text("Brand").font(.custom("Avenir-Heavy", fixedSize: 19))
            Button {
                open()
            } label: {
                Label("Open", systemImage: "arrow.up.right").font(.system(size: 15, weight: .medium))
            }
        }
        .toolbar {
            ToolbarItem {
                Button(action: open) { Image(systemName: "plus").font(.system(size: 18)) }
            }
        }
    }

    func open() {}
}

extension ProfileHeader {
    var emptyState: some View {
        VStack {
            Image(systemName: "tray").font(.system(size: 40))
        }
    }
}

struct OneLine: View { var body: some View { Text("a").font(.system(size: 21)) } }
