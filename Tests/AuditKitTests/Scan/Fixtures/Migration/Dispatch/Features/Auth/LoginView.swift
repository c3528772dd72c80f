import SwiftUI

struct LoginView: View {
    var body: some View {
        VStack(spacing: 24) {
            Image(systemName: "command")
                .font(.system(size: 64, weight: .light))  // team: @largeTitle
            Text("Dispatch")
                .font(.system(size: 32, weight: .bold))  // team: DS.Typography.largeTitle
            Text("Sign in to continue")
                .font(.system(size: 15))  // team: DS.Typography.bodySecondary
            GoogleSignInButton()
        }
    }
}

struct GoogleSignInButton: View {
    var body: some View {
        Button(action: {}) {
            HStack {
                Image(systemName: "g.circle.fill")
                    .font(.system(size: 18))  // team: @body
                Text("Sign in with Google")
                    .font(.system(size: 17))  // team: DS.Typography.body
            }
        }
    }
}
