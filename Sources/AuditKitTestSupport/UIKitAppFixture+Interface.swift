/// The storyboards, xibs and their localisations of `UIKitAppFixture`, written as Interface Builder
/// writes them (object IDs of the form `abc-12-xyz`, one start tag per line).
extension UIKitAppFixture {
    /// `Vault/Base.lproj/Main.storyboard`: a tab bar controller whose first tab is the databases list (its
    /// navigation title set in code), which shows the unlock screen; the second tab is a reference to
    /// `Settings.storyboard`.
    public static let mainStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="TbC-w3-Ab1">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
            </dependencies>
            <scenes>
                <!--Tab Bar Controller-->
                <scene sceneID="k2P-tb-0Qe">
                    <objects>
                        <tabBarController id="TbC-w3-Ab1" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="yQ4-hB-Tb2">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="49"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </tabBar>
                            <connections>
                                <segue destination="Nv1-cQ-9xA" kind="relationship" relationship="viewControllers" id="R1a-Sg-001"/>
                                <segue destination="SRf-pl-7Ho" kind="relationship" relationship="viewControllers" id="R1b-Sg-002"/>
                            </connections>
                        </tabBarController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr1-Pl-001" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="-812" y="140"/>
                </scene>
                <!--Databases Navigation-->
                <scene sceneID="Zq8-nv-3Lm">
                    <objects>
                        <navigationController id="Nv1-cQ-9xA" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="Databases" image="cylinder" id="TbI-db-4Xz"/>
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="Nb1-Kq-22A">
                                <rect key="frame" x="0.0" y="59" width="393" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="DbV-8k-2Lp" kind="relationship" relationship="rootViewController" id="R2a-Sg-003"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr2-Pl-002" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Databases-->
                <scene sceneID="Db0-sc-1Aa">
                    <objects>
                        <tableViewController storyboardIdentifier="DatabasesViewController" id="DbV-8k-2Lp" customClass="DatabasesViewController" customModule="Vault" customModuleProvider="target" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="insetGrouped" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="Tv1-Db-0aa">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <connections>
                                    <outlet property="dataSource" destination="DbV-8k-2Lp" id="O1a-Db-001"/>
                                    <outlet property="delegate" destination="DbV-8k-2Lp" id="O1b-Db-002"/>
                                </connections>
                            </tableView>
                            <navigationItem key="navigationItem" id="Ni1-Db-9Qw">
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="Bb1-Ad-7Tt">
                                    <connections>
                                        <action selector="addDatabase:" destination="DbV-8k-2Lp" id="A1a-Db-003"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                            <connections>
                                <segue destination="Unl-VC-4kP" kind="show" identifier="unlock" id="S1u-Sg-004"/>
                            </connections>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr3-Pl-003" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Unlock-->
                <scene sceneID="Un0-sc-2Bb">
                    <objects>
                        <viewController storyboardIdentifier="UnlockViewController" id="Unl-VC-4kP" customClass="UnlockViewController" customModule="Vault" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Uv1-Vw-0aa">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Unlock Database" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnL-lb-01a">
                                        <rect key="frame" x="20" y="140" width="353" height="27"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleTitle2"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" textAlignment="center" lineBreakMode="wordWrap" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnL-lb-02b">
                                        <rect key="frame" x="20" y="183" width="353" height="40"/>
                                        <string key="text">Your database is encrypted.
        Enter its master password to open it.</string>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                                        <color key="textColor" systemColor="secondaryLabelColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Master Password" textAlignment="natural" adjustsFontForContentSizeCategory="YES" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="UnT-tf-03c">
                                        <rect key="frame" x="20" y="239" width="305" height="34"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <textInputTraits key="textInputTraits" secureTextEntry="YES" textContentType="password"/>
                                    </textField>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="UnB-eY-04d">
                                        <rect key="frame" x="333" y="239" width="40" height="34"/>
                                        <accessibility key="accessibilityConfiguration" label="Show Password" identifier="unlock.reveal"/>
                                        <state key="normal" image="eye"/>
                                        <connections>
                                            <action selector="toggleReveal:" destination="Unl-VC-4kP" eventType="touchUpInside" id="A2a-Un-005"/>
                                        </connections>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="UnB-go-05e">
                                        <rect key="frame" x="20" y="297" width="353" height="44"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                                        <state key="normal" title="Unlock"/>
                                        <state key="disabled" title="Enter Password"/>
                                        <connections>
                                            <action selector="unlock:" destination="Unl-VC-4kP" eventType="touchUpInside" id="A2b-Un-006"/>
                                        </connections>
                                    </button>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Key File" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnK-kf-06f">
                                        <rect key="frame" x="20" y="365" width="120" height="16"/>
                                        <fontDescription key="fontDescription" name="Menlo-Regular" family="Menlo" pointSize="13"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="None" textAlignment="right" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="UnK-kv-07g">
                                        <rect key="frame" x="253" y="365" width="120" height="16"/>
                                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="15"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="UnS-sg-08h">
                                        <rect key="frame" x="20" y="397" width="353" height="32"/>
                                        <segments>
                                            <segment title="Password"/>
                                            <segment title="Key File"/>
                                        </segments>
                                    </segmentedControl>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="Sa1-Un-0aa"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
                            <navigationItem key="navigationItem" title="Vault" id="UnN-ni-09i">
                                <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="UnC-bb-10j">
                                    <connections>
                                        <action selector="cancel:" destination="Unl-VC-4kP" id="A2c-Un-007"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                            <connections>
                                <outlet property="unlockButton" destination="UnB-go-05e" id="O2a-Un-008"/>
                                <outlet property="passwordField" destination="UnT-tf-03c" id="O2b-Un-009"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr4-Pl-004" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Settings-->
                <scene sceneID="Sr0-sc-3Cc">
                    <objects>
                        <viewControllerPlaceholder storyboardName="Settings" id="SRf-pl-7Ho" sceneMemberID="viewController"/>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr5-Pl-005" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <image name="cylinder" width="24" height="24"/>
                <image name="eye" width="24" height="16"/>
                <systemColor name="secondaryLabelColor">
                    <color red="0.23529411759999999" green="0.23529411759999999" blue="0.26274509800000001" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """

    /// `Vault/Base.lproj/Settings.storyboard`: a navigation controller (the Settings tab) and a static table.
    public static let settingsStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="SNv-hL-2Ab">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <scenes>
                <!--Settings Navigation-->
                <scene sceneID="Q7s-nv-5Tt">
                    <objects>
                        <navigationController id="SNv-hL-2Ab" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="Settings" image="gear" id="StI-tb-1Ss"/>
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="SNb-Kq-33B">
                                <rect key="frame" x="0.0" y="59" width="393" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <connections>
                                <segue destination="StV-9m-3Xq" kind="relationship" relationship="rootViewController" id="R3a-Sg-010"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr6-Pl-006" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Settings-->
                <scene sceneID="St0-sc-4Dd">
                    <objects>
                        <tableViewController id="StV-9m-3Xq" customClass="SettingsViewController" customModule="Vault" customModuleProvider="target" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="StT-tv-0aa">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <sections>
                                    <tableViewSection headerTitle="Security" footerTitle="Vault locks itself when you leave the app." id="StS-se-11k">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" id="StC-c1-12l">
                                                <rect key="frame" x="20" y="55" width="353" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="StC-c1-12l" id="StC-cv-0aa">
                                                    <rect key="frame" x="0.0" y="0.0" width="353" height="44"/>
                                                    <subviews>
                                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Auto-Lock" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="StL-al-13m">
                                                            <rect key="frame" x="20" y="11" width="120" height="21"/>
                                                            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                        <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" translatesAutoresizingMaskIntoConstraints="NO" id="StG-sg-14n">
                                                            <rect key="frame" x="150" y="6" width="183" height="32"/>
                                                            <segments>
                                                                <segment title="30 s"/>
                                                                <segment title="1 min"/>
                                                                <segment title="Never"/>
                                                            </segments>
                                                        </segmentedControl>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" id="StC-c2-15o">
                                                <rect key="frame" x="20" y="99" width="353" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="StC-c2-15o" id="StC-cv-1bb">
                                                    <rect key="frame" x="0.0" y="0.0" width="353" height="44"/>
                                                    <subviews>
                                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Use Face ID" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="StL-fi-16p">
                                                            <rect key="frame" x="20" y="11" width="200" height="21"/>
                                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                        <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="StW-sw-17q">
                                                            <rect key="frame" x="284" y="6.5" width="51" height="31"/>
                                                            <accessibility key="accessibilityConfiguration" identifier="settings.faceID"/>
                                                        </switch>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" textLabel="StL-ac-19s" style="IBUITableViewCellStyleDefault" id="StC-c3-18r">
                                                <rect key="frame" x="20" y="143" width="353" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="StC-c3-18r" id="StC-cv-2cc">
                                                    <rect key="frame" x="0.0" y="0.0" width="323" height="44"/>
                                                    <subviews>
                                                        <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="StL-ac-19s">
                                                            <rect key="frame" x="20" y="0.0" width="295" height="44"/>
                                                            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                            <nil key="textColor"/>
                                                            <nil key="highlightedColor"/>
                                                        </label>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                    <tableViewSection headerTitle="About" id="StS-ab-20t">
                                        <cells>
                                            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" id="StC-c4-21u">
                                                <rect key="frame" x="20" y="243" width="353" height="44"/>
                                                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="StC-c4-21u" id="StC-cv-3dd">
                                                    <rect key="frame" x="0.0" y="0.0" width="353" height="44"/>
                                                    <subviews>
                                                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="leading" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="StB-rv-22v">
                                                            <rect key="frame" x="20" y="7" width="313" height="30"/>
                                                            <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                                            <state key="normal" title="Rate Vault"/>
                                                        </button>
                                                    </subviews>
                                                </tableViewCellContentView>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                                <connections>
                                    <outlet property="dataSource" destination="StV-9m-3Xq" id="O3a-St-011"/>
                                    <outlet property="delegate" destination="StV-9m-3Xq" id="O3b-St-012"/>
                                </connections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Settings" id="StN-ni-23w">
                                <barButtonItem key="rightBarButtonItem" systemItem="done" id="StD-bb-24x">
                                    <connections>
                                        <action selector="done:" destination="StV-9m-3Xq" id="A3a-St-013"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                            <connections>
                                <outlet property="accessControlLabel" destination="StL-ac-19s" id="O3c-St-014"/>
                                <outlet property="rateButton" destination="StB-rv-22v" id="O3d-St-015"/>
                                <segue destination="Ab0-VC-5eE" kind="presentation" identifier="about" id="S3u-Sg-016"/>
                            </connections>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr7-Pl-007" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Licenses-->
                <scene sceneID="Lc0-sc-5Ee">
                    <objects>
                        <viewController title="Licenses" id="Ab0-VC-5eE" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="LcV-vw-0aa">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" editable="NO" text="Vault uses open-source software." textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="LcT-tv-25y">
                                        <rect key="frame" x="20" y="80" width="353" height="700"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                        <textInputTraits key="textInputTraits" autocapitalizationType="sentences"/>
                                    </textView>
                                </subviews>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr8-Pl-008" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <image name="gear" width="24" height="24"/>
            </resources>
        </document>
        """

    /// `Vault/Views/DatabaseCell.xib`: the databases list's cell, its File's Owner without a class.
    public static let databaseCellXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" reuseIdentifier="DatabaseCell" rowHeight="64" id="Dc1-Ce-0aA" customClass="DatabaseCell" customModule="Vault" customModuleProvider="target">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="64"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="Dc1-Ce-0aA" id="Dc1-Cv-1bB">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="64"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Database" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Dc1-Nm-2cC">
                                <rect key="frame" x="16" y="10" width="300" height="21"/>
                                <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Last opened" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Dc1-Lo-3dD">
                                <rect key="frame" x="16" y="35" width="120" height="16"/>
                                <fontDescription key="fontDescription" type="system" pointSize="12"/>
                                <color key="textColor" systemColor="secondaryLabelColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Dc1-Lk-4eE">
                                <rect key="frame" x="330" y="17" width="47" height="30"/>
                                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                <state key="normal" title="Lock"/>
                            </button>
                        </subviews>
                    </tableViewCellContentView>
                    <connections>
                        <outlet property="nameLabel" destination="Dc1-Nm-2cC" id="Dc1-O1-5fF"/>
                        <outlet property="lockButton" destination="Dc1-Lk-4eE" id="Dc1-O2-6gG"/>
                    </connections>
                    <point key="canvasLocation" x="139" y="120"/>
                </tableViewCell>
            </objects>
            <resources>
                <systemColor name="secondaryLabelColor">
                    <color red="0.23529411759999999" green="0.23529411759999999" blue="0.26274509800000001" alpha="0.59999999999999998" colorSpace="custom" customColorSpace="sRGB"/>
                </systemColor>
            </resources>
        </document>
        """

    /// `Vault/Base.lproj/AboutViewController.xib`: a view controller's view, its File's Owner the class.
    public static let aboutXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="AboutViewController" customModule="Vault" customModuleProvider="target">
                    <connections>
                        <outlet property="view" destination="Ab1-Vw-0aA" id="Ab1-O1-1bB"/>
                        <outlet property="privacyButton" destination="Ab1-Pp-4eE" id="Ab1-O2-2cC"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Ab1-Vw-0aA">
                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Vault for iPhone" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Ab1-Tl-3dD">
                            <rect key="frame" x="20" y="120" width="353" height="41"/>
                            <fontDescription key="fontDescription" type="boldSystem" pointSize="34"/>
                            <nil key="textColor"/>
                            <nil key="highlightedColor"/>
                        </label>
                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Ab1-Pp-4eE">
                            <rect key="frame" x="20" y="200" width="353" height="44"/>
                            <fontDescription key="fontDescription" style="UICTFontTextStyleCallout"/>
                            <state key="normal" title="Privacy Policy"/>
                        </button>
                    </subviews>
                    <viewLayoutGuide key="safeArea" id="Ab1-Sa-5fF"/>
                </view>
            </objects>
        </document>
        """

    /// `VaultShare/Base.lproj/MainInterface.storyboard`: the share extension's, showing the app's texts (a
    /// decoy the audited app never shows).
    public static let shareStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="Sh1-VC-0aA">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <scenes>
                <scene sceneID="Sh0-sc-0aA">
                    <objects>
                        <viewController id="Sh1-VC-0aA" customClass="ShareViewController" customModule="VaultShare" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Sh1-Vw-1bB">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Unlock Database" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Sh1-Lb-2cC">
                                        <rect key="frame" x="20" y="140" width="353" height="27"/>
                                        <fontDescription key="fontDescription" style="UICTFontTextStyleTitle2"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
                                    </label>
                                    <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Master Password" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="Sh1-Tf-3dD">
                                        <rect key="frame" x="20" y="239" width="353" height="34"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                        <textInputTraits key="textInputTraits" secureTextEntry="YES"/>
                                    </textField>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Save to Vault" id="Sh1-Ni-4eE">
                                <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="Sh1-Bb-5fF"/>
                                <barButtonItem key="rightBarButtonItem" systemItem="save" id="Sh1-Bb-6gG"/>
                            </navigationItem>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Sh1-Fr-7hH" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// `Vault/de.lproj/Main.strings`, as `ibtool --export-strings-file` writes it, translated.
    public static let mainStringsGerman = """
        /* Class = "UITabBarItem"; title = "Databases"; ObjectID = "TbI-db-4Xz"; */
        "TbI-db-4Xz.title" = "Datenbanken";

        /* Class = "UILabel"; text = "Unlock Database"; ObjectID = "UnL-lb-01a"; */
        "UnL-lb-01a.text" = "Datenbank entsperren";

        /* Class = "UILabel"; text = "Your database is encrypted.\\nEnter its master password to open it."; ObjectID = "UnL-lb-02b"; */
        "UnL-lb-02b.text" = "Deine Datenbank ist verschlüsselt.\\nGib ihr Hauptpasswort ein, um sie zu öffnen.";

        /* Class = "UITextField"; placeholder = "Master Password"; ObjectID = "UnT-tf-03c"; */
        "UnT-tf-03c.placeholder" = "Hauptpasswort";

        /* Class = "UIButton"; accessibilityLabel = "Show Password"; ObjectID = "UnB-eY-04d"; */
        "UnB-eY-04d.accessibilityLabel" = "Passwort zeigen";

        /* Class = "UIButton"; normalTitle = "Unlock"; ObjectID = "UnB-go-05e"; */
        "UnB-go-05e.normalTitle" = "Entsperren";

        /* Class = "UIButton"; disabledTitle = "Enter Password"; ObjectID = "UnB-go-05e"; */
        "UnB-go-05e.disabledTitle" = "Passwort eingeben";

        /* Class = "UILabel"; text = "Key File"; ObjectID = "UnK-kf-06f"; */
        "UnK-kf-06f.text" = "Schlüsseldatei";

        /* Class = "UILabel"; text = "None"; ObjectID = "UnK-kv-07g"; */
        "UnK-kv-07g.text" = "Keine";

        /* Class = "UISegmentedControl"; UnS-sg-08h.segmentTitles[0] = "Password"; ObjectID = "UnS-sg-08h"; */
        "UnS-sg-08h.segmentTitles[0]" = "Passwort";

        /* Class = "UISegmentedControl"; UnS-sg-08h.segmentTitles[1] = "Key File"; ObjectID = "UnS-sg-08h"; */
        "UnS-sg-08h.segmentTitles[1]" = "Schlüsseldatei";

        /* Class = "UINavigationItem"; title = "Vault"; ObjectID = "UnN-ni-09i"; */
        "UnN-ni-09i.title" = "Tresor";
        """

    /// `Vault/sv.lproj/Main.strings`: Swedish, a few keys not translated yet.
    public static let mainStringsSwedish = """
        "TbI-db-4Xz.title" = "Databaser";
        "UnL-lb-01a.text" = "Lås upp databas";
        "UnT-tf-03c.placeholder" = "Huvudlösenord";
        "UnB-go-05e.normalTitle" = "Lås upp";
        "UnK-kf-06f.text" = "Nyckelfil";
        "UnN-ni-09i.title" = "Valv";
        """

    /// `Vault/de.lproj/Settings.strings`.
    public static let settingsStringsGerman = """
        /* Class = "UITabBarItem"; title = "Settings"; ObjectID = "StI-tb-1Ss"; */
        "StI-tb-1Ss.title" = "Einstellungen";
        "StS-se-11k.headerTitle" = "Sicherheit";
        "StS-se-11k.footerTitle" = "Vault sperrt sich, wenn du die App verlässt.";
        "StL-al-13m.text" = "Automatisch sperren";
        "StG-sg-14n.segmentTitles[0]" = "30 s";
        "StG-sg-14n.segmentTitles[1]" = "1 Min.";
        "StG-sg-14n.segmentTitles[2]" = "Nie";
        "StL-fi-16p.text" = "Face ID verwenden";
        "StL-ac-19s.text" = "Titel";
        "StS-ab-20t.headerTitle" = "Info";
        "StB-rv-22v.normalTitle" = "Vault bewerten";
        "StN-ni-23w.title" = "Einstellungen";
        "Ab0-VC-5eE.title" = "Lizenzen";
        "LcT-tv-25y.text" = "Vault verwendet Open-Source-Software.";
        """

    /// `Vault/sv.lproj/Settings.strings`.
    public static let settingsStringsSwedish = """
        "StI-tb-1Ss.title" = "Inställningar";
        "StS-se-11k.headerTitle" = "Säkerhet";
        "StL-al-13m.text" = "Autolås";
        "StN-ni-23w.title" = "Inställningar";
        """

    /// `Vault/de.lproj/AboutViewController.strings`.
    public static let aboutStringsGerman = """
        "Ab1-Tl-3dD.text" = "Vault für iPhone";
        "Ab1-Pp-4eE.normalTitle" = "Datenschutzerklärung";
        """

    /// `VaultShare/de.lproj/MainInterface.strings`: the extension's own translation of the same texts.
    public static let shareStringsGerman = """
        "Sh1-Lb-2cC.text" = "Datenbank entsperren";
        "Sh1-Tf-3dD.placeholder" = "Hauptpasswort";
        "Sh1-Ni-4eE.title" = "In Vault sichern";
        """
}
