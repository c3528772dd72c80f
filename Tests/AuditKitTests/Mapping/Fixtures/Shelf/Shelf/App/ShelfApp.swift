import SwiftUI

@main
struct ShelfApp: App {
    var body: some Scene {
        WindowGroup {
            RootTabView()
        }
    }
}

struct RootTabView: View {
    var body: some View {
        TabView {
            HomeView()
                .tabItem { Label(Strings.Tab.home, systemImage: "house") }  // truth: tab-home
            CartView()
                .tabItem { Label(Strings.Tab.cart, systemImage: "cart") }  // truth: tab-cart
            ProfileView()
                .tabItem { Label(Strings.Tab.profile, systemImage: "person") }  // truth: tab-profile
        }
    }
}
