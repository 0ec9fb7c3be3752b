import SchemaModel

extension SchemaComparer {
    /// `events:`: the app or server that receives them decodes them with `<API>Event`, whose unknown case
    /// takes what it does not recognise, so an added or removed event breaks no deployed receiver's
    /// decoding; a payload type or recognition that changes does (the new form arrives as `.undocumented`).
    /// Changes inside a payload type are the type rules' (a payload travels as a response does).
    mutating func compareEvents() {
        let matched = match(old.events, new.events, name: \.name, notes: \.notes)
        for event in matched.removed {
            record(.eventRemoved, "event \(event.name)", "removed (\(event.delivery.keyword))", old: event.location, new: nil)
        }
        for (before, after, _) in matched.pairs {
            let subject = "event \(after.name)"
            if before.payload != after.payload {
                record(.eventPayloadChanged, subject, "payload \(before.payload) -> \(after.payload)", old: before.payloadLocation, new: after.payloadLocation)
            }
            let (oldHow, newHow) = (Self.recognition(before), Self.recognition(after))
            if oldHow != newHow {
                record(.eventRecognitionChanged, subject, "\(oldHow) -> \(newHow)", old: before.recognitionLocation, new: after.recognitionLocation)
            }
        }
        // The first event brings the enum: no code switches over it yet.
        let enumIsNew = old.events.isEmpty
        for event in matched.added {
            record(.eventAdded, "event \(event.name)", "added (\(event.delivery.keyword))", old: nil, new: event.location) { verdict in
                guard enumIsNew else { return }
                verdict.source = .compatible
                verdict.sourceReason = "the schema had no events: the event enum is new"
            }
        }
    }

    /// How an event arrives and is recognised, as one comparable text: "webhook POST /hooks header 'X-Type' = 'a'".
    private static func recognition(_ event: EventDefinition) -> String {
        let delivery: String
        switch event.delivery {
        case .push: delivery = "push"
        case .webhook(let webhook): delivery = "webhook \(webhook.method)\(webhook.path.map { " " + $0 } ?? "")"
        }
        return "\(delivery) by \(event.recognition.description)"
    }
}
