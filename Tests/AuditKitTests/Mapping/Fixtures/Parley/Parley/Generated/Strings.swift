// swiftlint:disable all
// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

import Foundation

// swiftlint:disable superfluous_disable_command file_length implicit_return prefer_self_in_static_references

// MARK: - Strings

// swiftlint:disable explicit_type_interface function_parameter_count identifier_name line_length
// swiftlint:disable nesting type_body_length type_name vertical_whitespace_opening_braces
public enum L10n {
    /// Call
    public static var actionCall: String { return L10n.tr("Localizable", "action_call") }
    /// Cancel
    public static var actionCancel: String { return L10n.tr("Localizable", "action_cancel") }
    /// Create
    public static var actionCreate: String { return L10n.tr("Localizable", "action_create") }
    /// Done
    public static var actionDone: String { return L10n.tr("Localizable", "action_done") }
    /// Invite
    public static var actionInvite: String { return L10n.tr("Localizable", "action_invite") }
    /// Save
    public static var actionSave: String { return L10n.tr("Localizable", "action_save") }
    /// Share
    public static var actionShare: String { return L10n.tr("Localizable", "action_share") }
    /// Start chat
    public static var actionStartChat: String { return L10n.tr("Localizable", "action_start_chat") }
    /// About
    public static var commonAbout: String { return L10n.tr("Localizable", "common_about") }
    /// Acceptable use
    public static var commonAcceptableUse: String { return L10n.tr("Localizable", "common_acceptable_use") }
    /// Account
    public static var commonAccount: String { return L10n.tr("Localizable", "common_account") }
    /// Advanced settings
    public static var commonAdvancedSettings: String { return L10n.tr("Localizable", "common_advanced_settings") }
    /// All messages
    public static var commonAllMessages: String { return L10n.tr("Localizable", "common_all_messages") }
    /// Analytics
    public static var commonAnalytics: String { return L10n.tr("Localizable", "common_analytics") }
    /// Blocked users
    public static var commonBlockedUsers: String { return L10n.tr("Localizable", "common_blocked_users") }
    /// Copyright
    public static var commonCopyright: String { return L10n.tr("Localizable", "common_copyright") }
    /// Default
    public static var commonDefault: String { return L10n.tr("Localizable", "common_default") }
    /// Favourite
    public static var commonFavourite: String { return L10n.tr("Localizable", "common_favourite") }
    /// Invite people
    public static var commonInvitePeople: String { return L10n.tr("Localizable", "common_invite_people") }
    /// %d people
    public static func commonMemberCount(_ p1: Int) -> String {
        return L10n.tr("Localizable", "common_member_count", p1)
    }
    /// Mute
    public static var commonMute: String { return L10n.tr("Localizable", "common_mute") }
    /// Notifications
    public static var commonNotifications: String { return L10n.tr("Localizable", "common_notifications") }
    /// People
    public static var commonPeople: String { return L10n.tr("Localizable", "common_people") }
    /// Polls
    public static var commonPolls: String { return L10n.tr("Localizable", "common_polls") }
    /// Privacy policy
    public static var commonPrivacyPolicy: String { return L10n.tr("Localizable", "common_privacy_policy") }
    /// Report a problem
    public static var commonReportAProblem: String { return L10n.tr("Localizable", "common_report_a_problem") }
    /// Search for someone
    public static var commonSearchForSomeone: String { return L10n.tr("Localizable", "common_search_for_someone") }
    /// Security
    public static var commonSecurity: String { return L10n.tr("Localizable", "common_security") }
    /// Settings
    public static var commonSettings: String { return L10n.tr("Localizable", "common_settings") }
    /// Sign out
    public static var commonSignOut: String { return L10n.tr("Localizable", "common_sign_out") }
    /// Suggestions
    public static var commonSuggestions: String { return L10n.tr("Localizable", "common_suggestions") }
    /// Topic
    public static var commonTopic: String { return L10n.tr("Localizable", "common_topic") }
    /// Message…
    public static var richTextEditorComposerPlaceholder: String {
        return L10n.tr("Localizable", "rich_text_editor_composer_placeholder")
    }
    /// About Parley
    public static var screenAboutTitle: String { return L10n.tr("Localizable", "screen_about_title") }
    /// Optimise media quality
    public static var screenAdvancedSettingsMediaCompression: String {
        return L10n.tr("Localizable", "screen_advanced_settings_media_compression")
    }
    /// Rich text editor
    public static var screenAdvancedSettingsRichTextEditor: String {
        return L10n.tr("Localizable", "screen_advanced_settings_rich_text_editor")
    }
    /// Appearance
    public static var screenAdvancedSettingsTheme: String {
        return L10n.tr("Localizable", "screen_advanced_settings_theme")
    }
    /// System
    public static var screenAdvancedSettingsThemeSystem: String {
        return L10n.tr("Localizable", "screen_advanced_settings_theme_system")
    }
    /// View source
    public static var screenAdvancedSettingsViewSource: String {
        return L10n.tr("Localizable", "screen_advanced_settings_view_source")
    }
    /// Show the raw event data in the timeline.
    public static var screenAdvancedSettingsViewSourceDescription: String {
        return L10n.tr("Localizable", "screen_advanced_settings_view_source_description")
    }
    /// Share anonymous usage data to help us identify issues.
    public static var screenAnalyticsSettingsHelpUsImprove: String {
        return L10n.tr("Localizable", "screen_analytics_settings_help_us_improve")
    }
    /// You can read all our terms here.
    public static var screenAnalyticsSettingsReadTerms: String {
        return L10n.tr("Localizable", "screen_analytics_settings_read_terms")
    }
    /// Share analytics data
    public static var screenAnalyticsSettingsShareData: String {
        return L10n.tr("Localizable", "screen_analytics_settings_share_data")
    }
    /// Room name
    public static var screenCreateRoomNameLabel: String {
        return L10n.tr("Localizable", "screen_create_room_name_label")
    }
    /// Private room
    public static var screenCreateRoomPrivateOption: String {
        return L10n.tr("Localizable", "screen_create_room_private_option")
    }
    /// Only people invited can access this room.
    public static var screenCreateRoomPrivateOptionDescription: String {
        return L10n.tr("Localizable", "screen_create_room_private_option_description")
    }
    /// Public room
    public static var screenCreateRoomPublicOption: String {
        return L10n.tr("Localizable", "screen_create_room_public_option")
    }
    /// Create a room
    public static var screenCreateRoomTitle: String { return L10n.tr("Localizable", "screen_create_room_title") }
    /// Topic (optional)
    public static var screenCreateRoomTopicLabel: String {
        return L10n.tr("Localizable", "screen_create_room_topic_label")
    }
    /// Invite people
    public static var screenInviteUsersTitle: String { return L10n.tr("Localizable", "screen_invite_users_title") }
    /// Additional settings
    public static var screenNotificationSettingsAdditionalSettings: String {
        return L10n.tr("Localizable", "screen_notification_settings_additional_settings")
    }
    /// Calls
    public static var screenNotificationSettingsCalls: String {
        return L10n.tr("Localizable", "screen_notification_settings_calls")
    }
    /// Direct chats
    public static var screenNotificationSettingsDirectChats: String {
        return L10n.tr("Localizable", "screen_notification_settings_direct_chats")
    }
    /// Enable notifications on this device
    public static var screenNotificationSettingsEnableNotifications: String {
        return L10n.tr("Localizable", "screen_notification_settings_enable_notifications")
    }
    /// Group chats
    public static var screenNotificationSettingsGroupChats: String {
        return L10n.tr("Localizable", "screen_notification_settings_group_chats")
    }
    /// Invitations
    public static var screenNotificationSettingsInvitations: String {
        return L10n.tr("Localizable", "screen_notification_settings_invitations")
    }
    /// Mentions and keywords only
    public static var screenNotificationSettingsMentionsOnly: String {
        return L10n.tr("Localizable", "screen_notification_settings_mentions_only")
    }
    /// Ongoing
    public static var screenPollsHistoryFilterOngoing: String {
        return L10n.tr("Localizable", "screen_polls_history_filter_ongoing")
    }
    /// Past
    public static var screenPollsHistoryFilterPast: String {
        return L10n.tr("Localizable", "screen_polls_history_filter_past")
    }
    /// Polls
    public static var screenPollsHistoryTitle: String { return L10n.tr("Localizable", "screen_polls_history_title") }
    /// Add topic
    public static var screenRoomDetailsAddTopicTitle: String {
        return L10n.tr("Localizable", "screen_room_details_add_topic_title")
    }
    /// Messages are secured with locks. Only you and the recipients have the unique keys to unlock them.
    public static var screenRoomDetailsEncryptionEnabledSubtitle: String {
        return L10n.tr("Localizable", "screen_room_details_encryption_enabled_subtitle")
    }
    /// Message encryption enabled
    public static var screenRoomDetailsEncryptionEnabledTitle: String {
        return L10n.tr("Localizable", "screen_room_details_encryption_enabled_title")
    }
    /// Leave room
    public static var screenRoomDetailsLeaveRoomTitle: String {
        return L10n.tr("Localizable", "screen_room_details_leave_room_title")
    }
    /// Mentions and keywords
    public static var screenRoomDetailsNotificationModeMentions: String {
        return L10n.tr("Localizable", "screen_room_details_notification_mode_mentions")
    }
    /// Pinned messages
    public static var screenRoomDetailsPinnedEventsRowTitle: String {
        return L10n.tr("Localizable", "screen_room_details_pinned_events_row_title")
    }
    /// Room info
    public static var screenRoomDetailsTitle: String { return L10n.tr("Localizable", "screen_room_details_title") }
    /// Messages before you joined are not shown.
    public static var screenRoomEncryptedHistoryBanner: String {
        return L10n.tr("Localizable", "screen_room_encrypted_history_banner")
    }
    /// Jump to bottom
    public static var screenRoomJumpToBottom: String { return L10n.tr("Localizable", "screen_room_jump_to_bottom") }
    /// Pending
    public static var screenRoomMemberListPendingHeader: String {
        return L10n.tr("Localizable", "screen_room_member_list_pending_header")
    }
    /// Members
    public static var screenRoomMemberListRoomMembersHeader: String {
        return L10n.tr("Localizable", "screen_room_member_list_room_members_header")
    }
    /// Everyone
    public static var screenRoomMentionsAtRoomTitle: String {
        return L10n.tr("Localizable", "screen_room_mentions_at_room_title")
    }
    /// Your message failed to send
    public static var screenRoomRetrySendMenuTitle: String {
        return L10n.tr("Localizable", "screen_room_retry_send_menu_title")
    }
    /// Show more
    public static var screenRoomTimelineReactionsShowMore: String {
        return L10n.tr("Localizable", "screen_room_timeline_reactions_show_more")
    }
    /// %1$@, %2$@ and %3$d others
    public static func screenRoomTypingManyMembers(_ p1: Any, _ p2: Any, _ p3: Int) -> String {
        return L10n.tr(
            "Localizable", "screen_room_typing_many_members", String(describing: p1), String(describing: p2), p3)
    }
    /// %@ is typing…
    public static func screenRoomTypingNotification(_ p1: Any) -> String {
        return L10n.tr("Localizable", "screen_room_typing_notification", String(describing: p1))
    }
    /// %1$@ and %2$@
    public static func screenRoomTypingTwoMembers(_ p1: Any, _ p2: Any) -> String {
        return L10n.tr("Localizable", "screen_room_typing_two_members", String(describing: p1), String(describing: p2))
    }
    /// Create a new conversation or room
    public static var screenRoomlistA11yCreateMessage: String {
        return L10n.tr("Localizable", "screen_roomlist_a11y_create_message")
    }
    /// No chats yet.
    public static var screenRoomlistEmptyTitle: String { return L10n.tr("Localizable", "screen_roomlist_empty_title") }
    /// Favourites
    public static var screenRoomlistFilterFavourites: String {
        return L10n.tr("Localizable", "screen_roomlist_filter_favourites")
    }
    /// Invites
    public static var screenRoomlistFilterInvites: String {
        return L10n.tr("Localizable", "screen_roomlist_filter_invites")
    }
    /// People
    public static var screenRoomlistFilterPeople: String {
        return L10n.tr("Localizable", "screen_roomlist_filter_people")
    }
    /// Rooms
    public static var screenRoomlistFilterRooms: String {
        return L10n.tr("Localizable", "screen_roomlist_filter_rooms")
    }
    /// Unreads
    public static var screenRoomlistFilterUnreads: String {
        return L10n.tr("Localizable", "screen_roomlist_filter_unreads")
    }
    /// Chats
    public static var screenRoomlistMainSpaceTitle: String {
        return L10n.tr("Localizable", "screen_roomlist_main_space_title")
    }
    /// Devices
    public static var screenSettingsDevices: String { return L10n.tr("Localizable", "screen_settings_devices") }
    /// Version %@
    public static func screenSettingsVersion(_ p1: Any) -> String {
        return L10n.tr("Localizable", "screen_settings_version", String(describing: p1))
    }
    /// Create a room
    public static var screenStartChatCreateRoom: String {
        return L10n.tr("Localizable", "screen_start_chat_create_room")
    }
    /// Invite friends to Parley
    public static var screenStartChatInviteFriends: String {
        return L10n.tr("Localizable", "screen_start_chat_invite_friends")
    }
    /// Join room by address
    public static var screenStartChatJoinByAddress: String {
        return L10n.tr("Localizable", "screen_start_chat_join_by_address")
    }
    /// Start chat
    public static var screenStartChatTitle: String { return L10n.tr("Localizable", "screen_start_chat_title") }
}
// swiftlint:enable explicit_type_interface function_parameter_count identifier_name line_length
// swiftlint:enable nesting type_body_length type_name vertical_whitespace_opening_braces

// MARK: - Implementation Details

extension L10n {
    static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: nil, table: table)
        return String(format: format, locale: Locale.current, arguments: args)
    }
}
