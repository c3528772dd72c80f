import Foundation

/// The last pass of one audit's judgement (see `HistoryJudgement+Passes.swift`): **cover**. A screen is
/// covered where the report shows it: without its screenshot only the warnings it flags, with it only the
/// area the screenshot shows. Each earlier warning the audit did not continue gets a predicted place
/// (`ScreenLayouts`); it is resolved when that place lies on what the audit shows and the audit's
/// configuration can flag its kind (`ScreenConfiguration.canReaudit`), else it stands. A chunk of the
/// standing list none of whose warnings changed is kept as it is.
extension HistoryJudgement {
    /// What covering one screen against one base audit needs.
    struct Cover {
        var group: String
        /// The base audit's position and reference.
        var base: Int
        var baseAudit: AuditReference
        /// The screen's verdict in this audit, and what it was audited in.
        var screen: ScreenVerdict?
        var now: ScreenConfiguration
        /// The screen's drift before this audit, and after it (this audit's layout after it).
        var oldDrift: LayoutTransform
        var newDrift: LayoutTransform
    }

    /// Resolves or keeps standing every earlier warning of the covered screens this audit did not continue.
    mutating func cover(_ a: inout AuditInProgress) {
        for group in a.placement.covered where !a.placement.bases.values.contains(where: { $0.contains(group) }) {
            carried[group] = nil
        }
        for j in a.baseOrder {
            for group in a.placement.bases[j]!.sorted() { cover(group, base: j, &a) }
        }
    }

    /// Covers `group` against its base audit at position `j`.
    mutating func cover(_ group: String, base j: Int, _ a: inout AuditInProgress) {
        let old = carried[group] ?? StandingList()
        let waiting = a.fresh[group] ?? []
        guard !(old.isEmpty && waiting.isEmpty) else {
            carried[group] = nil
            return
        }
        let baseAudit = sharedAudit(j)
        let oldDrift = drift[group] ?? .identity
        let screen = a.screenOf[group]
        let context = Cover(
            group: group, base: j, baseAudit: baseAudit, screen: screen,
            now: screen?.configuration ?? ScreenConfiguration(), oldDrift: oldDrift,
            newDrift: a.layouts.transform(of: group, since: baseAudit, then: configurations[j][group]).after(oldDrift))
        var kept: [CarriedWarning] = []
        for (position, held) in waiting.enumerated() {
            if let after = standing(held, inFrame: held.rect, frame: held.frame ?? baseAudit, context, &a) {
                kept.append(after)
            } else {
                a.resolvedFresh.append((a.freshOrder[group]![position], held.verdict))
            }
        }
        let list = StandingList(chunks: coverChunks(of: old, context, &a)).adding(kept)
        drift[group] = context.newDrift
        carried[group] = list.isEmpty ? nil : list
        if !list.isEmpty {
            a.standing.parts.append(list)
            a.standingOfCovered[group] = list
        }
    }

    /// Whether an audit in `now` can re-audit a warning of `testType` flagged in `flagged`
    /// (`ScreenConfiguration.canReaudit`), their languages named as the history names them now
    /// (`AuditLanguages.named`).
    func reaudits(_ now: ScreenConfiguration, _ testType: TestType, flaggedIn flagged: ScreenConfiguration) -> Bool {
        var (now, flagged) = (now, flagged)
        now.language = languages.named(now.language)
        flagged.language = languages.named(flagged.language)
        return now.canReaudit(testType, flaggedIn: flagged)
    }

    /// The chunks of the screen's standing list after this audit: each warning resolved or kept, a chunk
    /// that did not change shared as it is.
    func coverChunks(of old: StandingList, _ context: Cover, _ a: inout AuditInProgress) -> [StandingChunk] {
        let continued = a.continuedItems[context.group] ?? []
        let now = context.now
        var chunks: [StandingChunk] = []
        // Without the screenshot nothing it did not flag is seen: a chunk of warnings that move with the
        // screen, all re-auditable in this configuration and none continued, stays as it is unread.
        let continuedChunks = Set(continued.map { $0 >> 32 })
        let seesNothingElse = !(context.screen?.coversWholeScreen ?? false)
        for (c, chunk) in old.chunks.enumerated() {
            if seesNothingElse, chunk.allMoving, !continuedChunks.contains(c),
                chunk.configurations.allSatisfy({ flagged in
                    chunk.kinds.allSatisfy { reaudits(now, $0, flaggedIn: flagged) }
                })
            {
                chunks.append(chunk)
                continue
            }
            var items: [CarriedWarning]?
            for (i, held) in chunk.items.enumerated() {
                var after: CarriedWarning?
                var unchanged = false
                let isContinued = continued.contains(AuditInProgress.slot(c, i))
                if seesNothingElse, held.frame == nil, reaudits(now, held.verdict.testType, flaggedIn: held.flaggedIn),
                    !isContinued
                {
                    // One that moves with the screen keeps moving, unchanged.
                    if items != nil { items!.append(held) }
                    continue
                }
                if !isContinued {
                    let inFrame = held.frame == nil ? held.rect.map(context.oldDrift.apply) : held.rect
                    after = standing(held, inFrame: inFrame, frame: held.frame ?? context.baseAudit, context, &a)
                    if let kept = after {
                        // One that moves with the screen and keeps moving is unchanged: its rect is relative to
                        // the drift. One kept unmoved where it was is unchanged too.
                        unchanged = kept.frame == nil ? held.frame == nil : kept.frame == held.frame
                        if unchanged { after = held }
                    } else {
                        a.resolvedStanding.append(held.verdict)
                    }
                }
                if items == nil, !unchanged { items = Array(chunk.items[..<i]) }
                if items != nil, let after { items!.append(after) }
            }
            if let items {
                if !items.isEmpty { chunks.append(StandingChunk(items)) }
            } else {
                chunks.append(chunk)
            }
        }
        return chunks
    }

    /// The warning `held` as it stands after this audit: nil when resolved, else kept (moving with the
    /// screen, or unmoved where it was when this audit cannot say anything of it); `inFrame` is its rect in
    /// `frame`'s coordinates.
    func standing(
        _ held: CarriedWarning, inFrame: Rect?, frame: AuditReference, _ context: Cover, _ a: inout AuditInProgress
    ) -> CarriedWarning? {
        let now = context.now
        let group = context.group
        // The audits that flagged it in a configuration this one can re-audit it in: none, and this audit
        // says nothing of it: it keeps its place as it was.
        let flaggedLastAlike = reaudits(now, held.verdict.testType, flaggedIn: held.flaggedIn)
        let able = warnings[held.verdict.identity].sightings.enumerated().filter {
            reaudits(now, held.verdict.testType, flaggedIn: $0.element.configuration)
        }
        let unmoved = CarriedWarning(verdict: held.verdict, rect: inFrame, frame: frame, flaggedIn: held.flaggedIn)
        guard flaggedLastAlike || !able.isEmpty else { return unmoved }
        // Where its element is now: from the audit that flagged it laid out most like this one (the latest of
        // equals) when elements both show tell that audit's layout; else through the screen's layout since the
        // audit `inFrame` is in.
        let ranked = able.sorted {
            (now.likeness(to: $0.element.configuration), $0.offset)
                > (now.likeness(to: $1.element.configuration), $1.offset)
        }.map(\.element)
        let reference =
            ranked.first { a.layouts.knows(group, since: $0.audit) } ?? (flaggedLastAlike ? nil : ranked.first)
        // Content or a bar's own, as where it was flagged says: a place carried on may lie under a bar already.
        let flaggedAsContent = warnings[held.verdict.identity].sightings.contains { sighting in
            sighting.rect.flatMap { ScreenLayouts.isContent($0, in: sighting.configuration) } ?? false
        }
        let content: Bool? =
            flaggedAsContent ? true : Self.keptToTheBottom(warnings[held.verdict.identity]) ? false : nil
        let prediction: ScreenLayouts.Prediction?
        if let reference {
            prediction = reference.rect.map {
                a.layouts.predicted(
                    $0, of: group, since: reference.audit, then: reference.configuration, content: content)
            }
        } else {
            let then =
                frame.sha256 == context.baseAudit.sha256
                ? configurations[context.base][group] : configuration(of: frame, group)
            prediction = inFrame.map {
                a.layouts.predicted($0, of: group, since: frame, then: then, content: content)
            }
        }
        if Self.isVisible(prediction, on: context.screen, of: a.entry) { return nil }
        guard flaggedLastAlike else { return unmoved }
        let back = context.newDrift.inverse
        return CarriedWarning(
            verdict: held.verdict, rect: prediction.map { back.apply($0.place) }, frame: nil, flaggedIn: held.flaggedIn)
    }

    /// Whether `warning`'s element is a bottom bar's: flagged on screens of two heights at one distance from
    /// their bottom edge (within `JudgementTolerance.place`), as a tab bar's items are, whatever the content.
    static func keptToTheBottom(_ warning: Warning) -> Bool {
        let seen = warning.sightings.compactMap { sighting -> (height: Double, distance: Double)? in
            guard let rect = sighting.rect, let height = sighting.configuration.height else { return nil }
            return (height, height - rect.y)
        }
        guard let first = seen.first, seen.contains(where: { $0.height != first.height }) else { return false }
        return seen.allSatisfy { abs($0.distance - first.distance) <= JudgementTolerance.place }
    }

    /// Records what the passes decided: where each warning was flagged, what this audit resolved, and the
    /// audit's judgement.
    mutating func conclude(_ a: AuditInProgress) {
        // Where each warning was flagged, per configuration: a warning flagged at the default size and at a
        // larger one can occur at the default size, so a default-size audit re-audits it where it was then.
        for index in a.entry.issues.indices where a.side.repeatOf[index] == nil && a.warning[index] >= 0 {
            guard let configuration = a.configurationOf[a.side.group[index]] else { continue }
            warnings[a.warning[index]].flagged(in: configuration, rect: a.entry.issues[index].rect, audit: a.audit)
            warnings[a.warning[index]].text = a.entry.issues[index].elementText
        }
        let resolved = a.resolvedFresh.sorted { $0.order < $1.order }.map(\.verdict) + a.resolvedStanding
        for verdict in resolved { warnings[verdict.identity].resolvedBy = a.audit }
        for id in a.warning where id >= 0 { warnings[id].resolvedBy = nil }
        reports.append(
            ReportJudgement(
                entry: a.entry, verdicts: a.verdicts, screens: a.screenVerdicts, notCovered: a.placement.notCovered,
                hasEarlierAudit: a.k > 0, comparedWith: a.baseOrder.map { reports[$0].audit },
                resolved: resolved, standing: a.standing, standingOfCovered: a.standingOfCovered))
        position[a.entry.sha256] = a.k
    }
}
