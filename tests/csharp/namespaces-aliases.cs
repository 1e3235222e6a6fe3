// using directives and aliases, block and nested namespaces, qualified names.
using System;
using System.Collections.Generic;
using Ids = System.Collections.Generic.List<System.Guid>;
using global::System.Text.Json.Serialization;

namespace Outer
{
    namespace Inner.Models
    {
        public record Tag(string Name);
    }

    public partial class Tools
    {
        [Tool]
        public void Link(Ids ids, System.Guid owner, global::System.DateTime at, Inner.Models.Tag tag,
                         global::System.Collections.Generic.Dictionary<string, Inner.Models.Tag> byName) { }
    }
}
